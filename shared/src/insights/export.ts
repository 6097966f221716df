import { csvOf, type FigureData, fileNameOf } from './figures.js';

/** Hands a file to the browser as a download. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadCsv(title: string, figure: FigureData): void {
  // A byte-order mark so that a spreadsheet opens the UTF-8 text as UTF-8.
  saveFile(`${fileNameOf(title)}.csv`, new Blob(['\ufeff', csvOf(figure)], { type: 'text/csv' }));
}

/**
 * The chart as a standalone SVG file: the drawn element cloned at its laid-out size (the charts place their parts
 * in percentages of their width, so the file gets that width in pixels), with its title and the font written in.
 */
export function standaloneSvg(
  svg: SVGSVGElement,
  title: string,
): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.round(box.width) || Number(svg.getAttribute('data-width')) || 640;
  const height = Math.round(box.height) || Number(svg.getAttribute('height')) || 240;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('class');
  clone.removeAttribute('aria-hidden');
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  clone.insertBefore(background, clone.firstChild);
  const name = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  name.textContent = title;
  clone.insertBefore(name, clone.firstChild);
  return { text: new XMLSerializer().serializeToString(clone), width, height };
}

export function downloadSvg(title: string, svg: SVGSVGElement): void {
  const { text } = standaloneSvg(svg, title);
  saveFile(`${fileNameOf(title)}.svg`, new Blob([text], { type: 'image/svg+xml' }));
}

/** The chart as a PNG at twice its size (crisp on a high-density screen or in a slide). */
export function downloadPng(title: string, svg: SVGSVGElement): Promise<void> {
  const { text, width, height } = standaloneSvg(svg, title);
  const scale = 2;
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * scale;
      canvas.height = height * scale;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('No canvas to draw the PNG on'));
      context.scale(scale, scale);
      context.drawImage(image, 0, 0, width, height);
      canvas.toBlob((blob) => {
        if (!blob) return reject(new Error('The PNG could not be written'));
        saveFile(`${fileNameOf(title)}.png`, blob);
        resolve();
      }, 'image/png');
    };
    image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
