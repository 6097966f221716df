// Design tokens shared by the site and the remote, so the account screens look native inside the site.
export const theme = {
  colors: {
    ink: '#14162b',
    muted: '#4a4f6a',
    surface: '#ffffff',
    canvas: '#f4f5fb',
    brand: '#3b3fd8',
    brandDark: '#2a2db0',
    onBrand: '#ffffff',
    danger: '#b42318',
    dangerSurface: '#fef3f2',
    border: '#c9cbe0',
    focus: '#f5a524',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: '8px',
  layout: {
    /** The site's side margin: header, sections and footer share it, so their edges line up. */
    gutter: 'clamp(1rem, 6vw, 5rem)',
  },
} as const;
