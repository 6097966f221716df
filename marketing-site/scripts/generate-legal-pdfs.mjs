// Generates the PDFs the site links to: the terms of service (/ToS.pdf) and the white paper offered on
// /download-whitepaper. The outputs are committed under static/, so the site build does not need this script.
// Run: node scripts/generate-legal-pdfs.mjs
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const staticDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'static');

// The site's theme colours (shared/src/ui/theme.ts).
const colors = {
  ink: '#14162b',
  muted: '#4a4f6a',
  brand: '#3b3fd8',
  brandDark: '#2a2db0',
  canvas: '#f4f5fb',
  border: '#c9cbe0',
  accent: '#f5a524',
  teal: '#0f8f9c',
  night: '#1b1e5c',
};

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
const page = { margin: 64, top: 76, bottom: 72 };
const body = { size: 10.5, lineGap: 3.2 };

/**
 * A small layout engine over PDFKit: headings that stay with their text, paragraphs with bold lead-ins,
 * lists, call-outs, simple tables, a PDF outline, and running headers and page numbers added at the end.
 */
class DocumentWriter {
  constructor({ title, subject, keywords, runningTitle, date }) {
    this.runningTitle = runningTitle;
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: page.top, bottom: page.bottom, left: page.margin, right: page.margin },
      bufferPages: true,
      displayTitle: true,
      lang: 'en-GB',
      info: {
        Title: title,
        Author: 'Dcipher ApS',
        Subject: subject,
        Keywords: keywords,
        Creator: 'Dcipher marketing site (scripts/generate-legal-pdfs.mjs)',
        // A fixed date keeps the files byte-for-byte stable between runs.
        CreationDate: new Date(`${date}T09:00:00Z`),
        ModDate: new Date(`${date}T09:00:00Z`),
      },
    });
    this.doc.font(fonts.regular).fontSize(body.size).fillColor(colors.ink);
    this.outlineSection = null;
    this.headings = [];
    this.unnumberedPages = new Set();
  }

  get left() {
    return this.doc.page.margins.left;
  }

  get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get bottomLimit() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height) {
    if (this.doc.y + height > this.bottomLimit) {
      this.doc.addPage();
    }
  }

  newPage() {
    this.doc.addPage();
  }

  /** A document title block at the top of the first page (used by the terms). */
  titleBlock({ kicker, title, lines }) {
    const { doc } = this;
    doc.rect(0, 0, doc.page.width, 10).fill(colors.brand);
    doc.y = page.top - 20;
    doc
      .font(fonts.bold)
      .fontSize(10)
      .fillColor(colors.brandDark)
      .text(kicker.toUpperCase(), this.left, doc.y, {
        characterSpacing: 1.2,
      });
    doc.moveDown(0.4);
    doc.font(fonts.bold).fontSize(26).fillColor(colors.ink).text(title, { lineGap: 2 });
    doc.moveDown(0.4);
    doc.font(fonts.regular).fontSize(10).fillColor(colors.muted);
    for (const line of lines) {
      doc.text(line);
    }
    doc.moveDown(0.6);
    doc
      .moveTo(this.left, doc.y)
      .lineTo(this.left + this.width, doc.y)
      .lineWidth(0.8)
      .strokeColor(colors.border)
      .stroke();
    doc.moveDown(1);
    this.resetBody();
  }

  resetBody() {
    this.doc.font(fonts.regular).fontSize(body.size).fillColor(colors.ink);
    this.doc.x = this.left;
  }

  /** A numbered or plain section heading; it is added to the PDF outline and, optionally, the contents. */
  heading(text, { level = 1, contents = true } = {}) {
    const { doc } = this;
    const size = level === 1 ? 15 : 12;
    this.ensureSpace(size * 2 + 70);
    doc.moveDown(level === 1 ? 0.9 : 0.5);
    doc.x = this.left;
    doc
      .font(fonts.bold)
      .fontSize(size)
      .fillColor(level === 1 ? colors.brandDark : colors.ink)
      .text(text, { lineGap: 1 });
    doc.moveDown(level === 1 ? 0.45 : 0.3);
    if (level === 1) {
      this.outlineSection = doc.outline.addItem(text);
      if (contents) {
        this.headings.push({
          text,
          pageIndex: doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1,
        });
      }
    } else {
      (this.outlineSection ?? doc.outline).addItem(text);
    }
    this.resetBody();
  }

  /** A paragraph: a string, or `{ lead, text }` for a bold lead-in, or `{ text, muted: true }`. */
  paragraph(block) {
    const { doc } = this;
    const given = typeof block === 'string' ? { text: block } : block;
    // A clause number ("4.2") is set in bold.
    const clause = given.lead ? null : /^(\d+\.\d+) (.*)$/s.exec(given.text);
    const { lead, text, muted } = clause ? { ...given, lead: clause[1], text: clause[2] } : given;
    this.ensureSpace(body.size * 2.6);
    doc.x = this.left;
    doc.fontSize(body.size).fillColor(muted ? colors.muted : colors.ink);
    if (lead) {
      doc.font(fonts.bold).text(`${lead} `, { continued: true, lineGap: body.lineGap, width: this.width });
    }
    doc.font(fonts.regular).text(text, { lineGap: body.lineGap, width: this.width });
    doc.moveDown(0.55);
  }

  /** A bulleted or numbered list; items may be strings or `{ lead, text }`. */
  list(items, { numbered = false } = {}) {
    const { doc } = this;
    const indent = numbered ? 18 : 14;
    items.forEach((item, index) => {
      const { lead, text } = typeof item === 'string' ? { text: item } : item;
      this.ensureSpace(body.size * 2.6);
      const y = doc.y;
      if (numbered) {
        doc
          .font(fonts.bold)
          .fontSize(body.size)
          .fillColor(colors.brandDark)
          .text(`${index + 1}.`, this.left, y, { width: indent });
      } else {
        doc.circle(this.left + 4, y + body.size * 0.5, 1.9).fill(colors.brand);
      }
      doc.fillColor(colors.ink).fontSize(body.size);
      const options = { width: this.width - indent, lineGap: body.lineGap };
      if (lead) {
        doc.font(fonts.bold).text(`${lead} `, this.left + indent, y, { ...options, continued: true });
        doc.font(fonts.regular).text(text, options);
      } else {
        doc.font(fonts.regular).text(text, this.left + indent, y, options);
      }
      doc.moveDown(0.3);
    });
    doc.moveDown(0.3);
    this.resetBody();
  }

  /** A shaded box with a title and text, kept on one page. */
  callout({ title, text, items = [] }) {
    const { doc } = this;
    const padding = 14;
    const innerWidth = this.width - padding * 2 - 4;
    doc.font(fonts.bold).fontSize(11);
    let height = doc.heightOfString(title, { width: innerWidth }) + 6;
    doc.font(fonts.regular).fontSize(body.size);
    if (text) {
      height += doc.heightOfString(text, { width: innerWidth, lineGap: body.lineGap }) + 4;
    }
    for (const item of items) {
      height += doc.heightOfString(item, { width: innerWidth - 12, lineGap: body.lineGap }) + 4;
    }
    height += padding * 2;
    this.ensureSpace(height + 12);
    const top = doc.y + 2;
    doc.rect(this.left, top, this.width, height).fill(colors.canvas);
    doc.rect(this.left, top, 4, height).fill(colors.brand);
    doc
      .font(fonts.bold)
      .fontSize(11)
      .fillColor(colors.ink)
      .text(title, this.left + padding + 4, top + padding, { width: innerWidth });
    doc.moveDown(0.3);
    if (text) {
      doc
        .font(fonts.regular)
        .fontSize(body.size)
        .fillColor(colors.ink)
        .text(text, this.left + padding + 4, doc.y, {
          width: innerWidth,
          lineGap: body.lineGap,
        });
      doc.moveDown(0.3);
    }
    for (const item of items) {
      const y = doc.y;
      doc.circle(this.left + padding + 8, y + body.size * 0.5, 1.7).fill(colors.brand);
      doc
        .font(fonts.regular)
        .fontSize(body.size)
        .fillColor(colors.ink)
        .text(item, this.left + padding + 16, y, { width: innerWidth - 12, lineGap: body.lineGap });
      doc.moveDown(0.2);
    }
    doc.y = top + height + 14;
    this.resetBody();
  }

  /** A simple table with a header row; column widths are fractions of the text width. */
  table({ columns, rows, widths }) {
    const { doc } = this;
    const cellPadding = 6;
    const columnWidths = widths.map((fraction) => fraction * this.width);
    const rowHeight = (cells, font) => {
      doc.font(font).fontSize(9.5);
      return (
        Math.max(
          ...cells.map((cell, index) =>
            doc.heightOfString(cell, { width: columnWidths[index] - cellPadding * 2, lineGap: 1.5 }),
          ),
        ) +
        cellPadding * 2
      );
    };
    const drawRow = (cells, { header }) => {
      const font = header ? fonts.bold : fonts.regular;
      const height = rowHeight(cells, font);
      this.ensureSpace(height + 4);
      const top = doc.y;
      if (header) {
        doc.rect(this.left, top, this.width, height).fill(colors.canvas);
      }
      let x = this.left;
      cells.forEach((cell, index) => {
        doc
          .font(index === 0 && !header ? fonts.bold : font)
          .fontSize(9.5)
          .fillColor(colors.ink)
          .text(cell, x + cellPadding, top + cellPadding, {
            width: columnWidths[index] - cellPadding * 2,
            lineGap: 1.5,
          });
        x += columnWidths[index];
      });
      doc
        .moveTo(this.left, top + height)
        .lineTo(this.left + this.width, top + height)
        .lineWidth(0.6)
        .strokeColor(colors.border)
        .stroke();
      doc.y = top + height;
    };
    this.ensureSpace(80);
    drawRow(columns, { header: true });
    for (const row of rows) {
      drawRow(row, { header: false });
    }
    doc.moveDown(1);
    this.resetBody();
  }

  /** Draws a left-to-right flow of labelled boxes, with a band underneath (the architecture figure). */
  flowDiagram({ stages, band, caption }) {
    const { doc } = this;
    const gap = 12;
    const boxWidth = (this.width - gap * (stages.length - 1)) / stages.length;
    const boxHeight = 92;
    doc.font(fonts.bold).fontSize(9);
    const bandHeight = doc.heightOfString(band, { width: this.width - 20 }) + 20;
    this.ensureSpace(boxHeight + bandHeight + 60);
    const top = doc.y + 6;
    stages.forEach((stage, index) => {
      const x = this.left + index * (boxWidth + gap);
      doc.roundedRect(x, top, boxWidth, boxHeight, 6).fill(index % 2 === 0 ? colors.brand : colors.brandDark);
      doc
        .font(fonts.bold)
        .fontSize(9.5)
        .fillColor('#ffffff')
        .text(stage.title, x + 7, top + 9, { width: boxWidth - 14 });
      doc
        .font(fonts.regular)
        .fontSize(8)
        .fillColor('#ffffff')
        .text(stage.text, x + 7, doc.y + 3, { width: boxWidth - 14, lineGap: 1 });
      if (index < stages.length - 1) {
        const arrowX = x + boxWidth + 2;
        const arrowY = top + boxHeight / 2;
        doc
          .moveTo(arrowX, arrowY - 4)
          .lineTo(arrowX + gap - 4, arrowY)
          .lineTo(arrowX, arrowY + 4)
          .fill(colors.accent);
      }
    });
    const bandTop = top + boxHeight + 8;
    doc.roundedRect(this.left, bandTop, this.width, bandHeight, 6).fill(colors.canvas);
    doc.rect(this.left, bandTop, 4, bandHeight).fill(colors.teal);
    doc
      .font(fonts.bold)
      .fontSize(9)
      .fillColor(colors.ink)
      .text(band, this.left + 12, bandTop + 10, { width: this.width - 20 });
    doc
      .font(fonts.italic)
      .fontSize(9)
      .fillColor(colors.muted)
      .text(caption, this.left, bandTop + bandHeight + 8, { width: this.width });
    doc.moveDown(1.2);
    this.resetBody();
  }

  /** Writes "Contents" with page numbers into space reserved earlier on a given page. */
  fillContents(pageIndex, y) {
    const { doc } = this;
    doc.switchToPage(pageIndex);
    doc.font(fonts.bold).fontSize(15).fillColor(colors.brandDark).text('Contents', this.left, y);
    doc.moveDown(0.5);
    for (const entry of this.headings) {
      const lineY = doc.y;
      const number = String(entry.pageIndex + 1);
      doc.font(fonts.regular).fontSize(body.size).fillColor(colors.ink);
      doc.text(entry.text, this.left, lineY, { width: this.width - 40, lineBreak: false });
      doc.text(number, this.left + this.width - 40, lineY, { width: 40, align: 'right', lineBreak: false });
      doc.y = lineY + body.size + 7;
    }
  }

  /** Running header and "Page x of y" on every page but the ones marked as unnumbered. */
  finish(path) {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      if (this.unnumberedPages.has(index)) {
        continue;
      }
      doc.switchToPage(index);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const footerY = doc.page.height - 44;
      doc
        .moveTo(this.left, footerY - 8)
        .lineTo(this.left + this.width, footerY - 8)
        .lineWidth(0.5)
        .strokeColor(colors.border)
        .stroke();
      doc.font(fonts.regular).fontSize(8.5).fillColor(colors.muted);
      doc.text(this.runningTitle, this.left, footerY, { width: this.width / 2, lineBreak: false });
      doc.text(`Page ${index + 1} of ${range.count}`, this.left + this.width / 2, footerY, {
        width: this.width / 2,
        align: 'right',
        lineBreak: false,
      });
      if (index > 0) {
        doc
          .font(fonts.bold)
          .fontSize(8.5)
          .fillColor(colors.brandDark)
          .text('Dcipher', this.left, 36, { width: this.width / 2, lineBreak: false });
      }
      doc.page.margins.bottom = bottomMargin;
    }
    const stream = createWriteStream(path);
    doc.pipe(stream);
    doc.end();
    return new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
  }

  /** Renders a list of blocks: { h1 } { h2 } { p } { list } { numbered } { callout } { table } { diagram }. */
  blocks(blocks) {
    for (const block of blocks) {
      if (block.h1) this.heading(block.h1, { level: 1, contents: block.contents !== false });
      else if (block.h2) this.heading(block.h2, { level: 2 });
      else if (block.p) this.paragraph(block.p);
      else if (block.list) this.list(block.list);
      else if (block.numbered) this.list(block.numbered, { numbered: true });
      else if (block.callout) this.callout(block.callout);
      else if (block.table) this.table(block.table);
      else if (block.diagram) this.flowDiagram(block.diagram);
      else if (block.pageBreak) this.newPage();
      else throw new Error(`Unknown block: ${JSON.stringify(block)}`);
    }
  }
}

async function writeTerms() {
  const terms = termsOfService;
  const writer = new DocumentWriter({
    title: terms.title,
    subject: terms.subject,
    keywords: terms.keywords,
    runningTitle: `${terms.title}, version ${terms.version}`,
    date: terms.effectiveDate,
  });
  writer.titleBlock({ kicker: 'Dcipher ApS', title: terms.title, lines: terms.titleLines });
  writer.blocks(terms.blocks);
  const path = join(staticDir, 'ToS.pdf');
  const pages = writer.doc.bufferedPageRange().count;
  await writer.finish(path);
  return { path, pages };
}

function drawWhitePaperCover(writer, paper) {
  const { doc } = writer;
  const { width, height } = doc.page;
  const bandHeight = height * 0.62;
  const gradient = doc.linearGradient(0, 0, width, bandHeight);
  gradient.stop(0, colors.night).stop(0.6, colors.brand).stop(1, colors.teal);
  doc.rect(0, 0, width, bandHeight).fill(gradient);
  // Decorative bars and a trend line, echoing the social card.
  for (let index = 0; index < 12; index += 1) {
    const barHeight = 30 + ((index * 37) % 130);
    doc
      .rect(width - 280 + index * 20, bandHeight - 40 - barHeight, 12, barHeight)
      .fillOpacity(0.18 + (index % 4) * 0.1)
      .fill('#ffffff');
  }
  doc.fillOpacity(1);
  doc
    .moveTo(width - 290, bandHeight - 60)
    .bezierCurveTo(width - 230, bandHeight - 140, width - 170, bandHeight - 80, width - 120, bandHeight - 170)
    .bezierCurveTo(width - 90, bandHeight - 210, width - 65, bandHeight - 215, width - 40, bandHeight - 245)
    .lineWidth(5)
    .lineCap('round')
    .strokeColor(colors.accent)
    .stroke();
  doc
    .font(fonts.bold)
    .fontSize(11)
    .fillColor('#ffffff')
    .text('DCIPHER WHITE PAPER', page.margin, 72, { characterSpacing: 1.5 });
  doc
    .font(fonts.bold)
    .fontSize(32)
    .fillColor('#ffffff')
    .text(paper.title, page.margin, 150, { width: width - page.margin * 2 - 40, lineGap: 4 });
  doc.moveDown(0.5);
  doc
    .font(fonts.regular)
    .fontSize(15)
    .fillColor('#ffffff')
    .text(paper.subtitle, { width: width - page.margin * 2 - 180, lineGap: 3 });
  let y = bandHeight + 48;
  doc.font(fonts.bold).fontSize(11).fillColor(colors.ink).text('Inside this paper', page.margin, y);
  y = doc.y + 6;
  for (const line of paper.coverPoints) {
    doc.circle(page.margin + 4, y + 6, 2).fill(colors.brand);
    doc
      .font(fonts.regular)
      .fontSize(10.5)
      .fillColor(colors.ink)
      .text(line, page.margin + 14, y, { width: width - page.margin * 2 - 14 });
    y = doc.y + 4;
  }
  doc
    .font(fonts.regular)
    .fontSize(9.5)
    .fillColor(colors.muted)
    .text(paper.coverFooter, page.margin, height - 90, { width: width - page.margin * 2 });
}

async function writeWhitePaper() {
  const paper = whitePaper;
  const writer = new DocumentWriter({
    title: paper.title,
    subject: paper.subtitle,
    keywords: paper.keywords,
    runningTitle: paper.runningTitle,
    date: paper.date,
  });
  drawWhitePaperCover(writer, paper);
  writer.unnumberedPages.add(0);
  writer.newPage();
  // Reserve room for the contents at the top of page 2; it is filled in once the headings' pages are known.
  const contentsY = writer.doc.y;
  writer.doc.y +=
    26 + paper.blocks.filter((block) => block.h1 && block.contents !== false).length * 17.5 + 18;
  writer.blocks(paper.blocks);
  writer.fillContents(1, contentsY);
  mkdirSync(join(staticDir, 'downloads'), { recursive: true });
  const path = join(staticDir, 'downloads', 'dcipher-insight-automation-white-paper.pdf');
  const pages = writer.doc.bufferedPageRange().count;
  await writer.finish(path);
  return { path, pages };
}

// ---------------------------------------------------------------------------------------------------------
// Terms of service
// ---------------------------------------------------------------------------------------------------------

const termsOfService = {
  title: 'Dcipher Terms of Service',
  subject: 'The terms that govern the use of the Dcipher insight-automation platform',
  keywords: 'Dcipher, terms of service, subscription, credits, data processing, SaaS',
  version: '4.2',
  effectiveDate: '2026-11-01',
  titleLines: [
    'Version 4.2, effective 01 Nov 2026',
    'Dcipher ApS, Applebys Plads 7, 1411 Copenhagen K, Denmark. Contact: info@dcipher.io',
  ],
  blocks: [
    {
      p: 'These Terms of Service (the “Terms”) form a binding agreement between Dcipher ApS (“Dcipher”, “we”, “us”) and the customer that creates an account for, subscribes to or uses the Dcipher platform (the “Customer”, “you”). Please read them carefully. The summary below is for convenience only and is not part of the Terms.',
    },
    {
      callout: {
        title: 'In short',
        items: [
          'You can try Dcipher free for 14 days without a credit card; nothing is charged unless you subscribe.',
          'Subscriptions renew automatically until cancelled; usage beyond your plan is paid with pay-as-you-go credits.',
          'Your data remains yours. We process it only to provide the service, in the EU, under our data processing agreement, and we do not train AI models on it.',
          'Our liability is capped at the fees you paid in the previous 12 months. Danish law applies.',
        ],
      },
    },

    { h1: '1. About these Terms' },
    {
      p: '1.1 These Terms apply to the Dcipher platform, including Dcipher Studio, Dcipher Workflows, Dcipher Insight Booster, knowledge bases, the research bot, research agents, the workflow store, the wallet, the application programming interface (“API”) and any related documentation and support (together, the “Service”).',
    },
    {
      p: '1.2 You accept these Terms by ticking the box on the sign-up form, by signing an order form that refers to them, or by using the Service. If you accept them on behalf of a company or other organization, you confirm that you have the authority to bind it, and “Customer” means that organization.',
    },
    {
      p: '1.3 Customers register either as an Individual or as a Business. The Service is intended for professional use. If you are an Individual acting as a consumer, the mandatory rights you have under the consumer law of your country of residence, including any statutory right of withdrawal, are not affected by these Terms.',
    },
    {
      p: '1.4 Where an order form, a data processing agreement or a partner agreement conflicts with these Terms, the following order of precedence applies: (a) a signed order form, (b) the data processing agreement, (c) these Terms, (d) the documentation.',
    },

    { h1: '2. Definitions' },
    {
      list: [
        {
          lead: 'Account:',
          text: 'a user login to the Service, identified by an email address or by single sign-on (“SSO”).',
        },
        {
          lead: 'Organization:',
          text: 'the workspace in which a Business Customer’s Accounts, projects and billing are managed. Members hold the role of admin, teammate or guest.',
        },
        {
          lead: 'Customer Data:',
          text: 'all data that you or your users upload, collect, connect or create in the Service, including files, survey answers, social media and news content collected on your instructions, knowledge bases and the results of analyses.',
        },
        {
          lead: 'Credits:',
          text: 'prepaid units held in the wallet of an Account or Organization and consumed by metered usage of the Service.',
        },
        {
          lead: 'Subscription:',
          text: 'the plan you have chosen, its billing period (monthly or annual) and any Add-ons.',
        },
        {
          lead: 'Add-on:',
          text: 'an optional package purchased in addition to a Subscription, such as additional seats, storage, data-source packages, dedicated compute or brand customization.',
        },
        {
          lead: 'Output:',
          text: 'content generated by the Service for you, including themes, classifications, summaries, answers of the research bot and reports drafted by Insight Booster.',
        },
      ],
    },

    { h1: '3. Accounts and Organizations' },
    {
      p: '3.1 You must give accurate and complete information when you register, verify your email address, and keep your details up to date in the account area.',
    },
    {
      p: '3.2 You are responsible for keeping log-in credentials confidential and for all activity under your Accounts. Tell us without delay at support@dcipher.io if you suspect unauthorised access. The “stay signed in” option keeps a device signed in for up to two weeks; do not use it on shared devices.',
    },
    {
      p: '3.3 Admins of an Organization may invite teammates and guests, assign roles and resource permissions (owner, editor, viewer), configure SSO, set a password-expiry policy, choose the cloud region and the data retention period, and manage billing. The Customer is responsible for the acts and omissions of everyone it gives access to, including guests from outside its own organization.',
    },
    {
      p: '3.4 Accounts are personal. A single Account may not be shared by several people, except machine accounts used for the API as described in the documentation.',
    },

    { h1: '4. Free trial' },
    {
      p: '4.1 New Customers may use the Service free of charge for 14 days (the “Trial”). No payment method is required to start a Trial. The Trial includes the features of the plan shown at sign-up and a limited allowance of Credits, which expire at the end of the Trial.',
    },
    {
      p: '4.2 The Trial ends automatically after 14 days. It does not convert into a paid Subscription unless you choose a plan and add a payment method. We will remind you by email before the Trial ends.',
    },
    {
      p: '4.3 Data created during the Trial is kept for 30 days after the Trial ends so that you can subscribe without losing work, and is then deleted unless you reactivate the Trial or subscribe. We may allow a Trial to be reactivated once at our discretion.',
    },
    {
      p: '4.4 One Trial is available per Organization or Individual. We may refuse or end a Trial if we reasonably suspect abuse, such as repeated Trials by the same organization. The Service is provided during the Trial “as is”, and sections 13 and 17.1 do not apply to it.',
    },

    { h1: '5. Subscriptions' },
    {
      p: '5.1 A Subscription starts when you choose a plan and a billing period in the Service or sign an order form. The features, included seats, included Credits and limits of each plan are described on our pricing page or in your order form.',
    },
    {
      p: '5.2 Subscriptions renew automatically for successive periods of the same length unless you cancel before the end of the current period in the account area or by notice to us. Cancellation takes effect at the end of the period already paid for.',
    },
    {
      p: '5.3 An upgrade takes effect immediately; we charge the difference pro rata for the rest of the current period. A downgrade takes effect at the start of the next billing period. Downgrading may reduce limits; if your usage exceeds the new limits, you must reduce it or some features will become read-only.',
    },
    {
      p: '5.4 Included Credits are added to the wallet at the start of each billing period and expire at the end of that period.',
    },

    { h1: '6. Pay-as-you-go Credits and the wallet' },
    {
      p: '6.1 Some usage is metered and paid with Credits, in particular: use of AI models for analysis, the research bot’s answers, knowledge base training, landscape generation, report section generation with cost-efficient or state-of-the-art models, research agent tasks, machine translation, and the collection of social media and news content.',
    },
    {
      p: '6.2 The Service shows an estimate of the Credits a run or report will use before you start it, and the actual consumption afterwards in the wallet’s transaction history. Estimates are made in good faith; actual consumption can differ, for example when a news search returns more articles than expected, within the limits you set.',
    },
    {
      p: '6.3 You can buy Credits at any time with your payment method on file, or set an automatic top-up. Purchased Credits are valid for 12 months from purchase. Credits have no cash value, are not transferable outside the Organization that bought them, and are not refundable except where section 20.5 or mandatory law requires a refund.',
    },
    {
      p: '6.4 If the wallet does not hold enough Credits, metered runs, including scheduled workflow runs, are paused until Credits are added. We will notify admins when the balance runs low.',
    },
    {
      p: '6.5 We may change the Credit price of a metered activity with 30 days’ notice. Credits already purchased keep their value in relation to the prices in force at the time of use.',
    },

    { h1: '7. Add-ons' },
    {
      p: '7.1 Add-ons are purchased in the account area or by order form and are billed together with the Subscription. Unless stated otherwise, an Add-on runs for the remaining term of the Subscription and renews with it.',
    },
    {
      p: '7.2 Dedicated compute Add-ons reserve machine capacity of the size chosen (Small to Gigantic) for your runs. Data-source Add-ons may be subject to additional terms of the content provider, which we will show before purchase.',
    },

    { h1: '8. Fees, invoices and payment' },
    {
      p: '8.1 Fees are stated in euros, US dollars or pounds sterling, exclusive of VAT and other taxes, which are added where applicable. Business Customers in the EU outside Denmark must provide a valid VAT number for the reverse charge to apply.',
    },
    {
      p: '8.2 Subscription fees are payable in advance for each billing period. Card payments are charged at the start of the period. Where we have agreed payment by invoice, invoices are payable within 14 days of the invoice date. All invoices and receipts are available in the invoice history of the account area.',
    },
    {
      p: '8.3 If a payment fails or an invoice is overdue, we will notify you. If the amount remains unpaid 14 days after that notice, we may suspend the Service until payment is received, and charge interest on late payments in accordance with the Danish Interest Act. We will not delete Customer Data because of a suspension for non-payment within the retention period you have chosen.',
    },
    {
      p: '8.4 We may change our list prices with at least 30 days’ notice. A price change applies from your next renewal, and you may cancel before it takes effect.',
    },
    {
      p: '8.5 If you believe an invoice is wrong, tell us within 30 days of the invoice date. We will investigate in good faith and correct any error.',
    },

    { h1: '9. Acceptable use' },
    {
      p: '9.1 You must use the Service in accordance with the law and the documentation. You must not, and must not allow anyone else to:',
    },
    {
      list: [
        'upload, collect or analyse content that you have no right to process, or that is unlawful, including content that infringes intellectual property or privacy rights;',
        'use the Service to identify, profile or monitor individuals in a way that breaches data protection law, or for any practice prohibited under the EU Artificial Intelligence Act, such as social scoring or inferring emotions in the workplace or in education;',
        'use the Service to make decisions with legal or similarly significant effects on individuals without meaningful human review;',
        'collect content from social media or other third-party sources in breach of the terms of those sources or of the limits we publish;',
        'probe, scan or test the vulnerability of the Service, circumvent security, authentication or Credit metering, or access it other than through the interfaces we provide;',
        'reverse engineer or decompile the Service, except to the extent that law permits this despite a contractual prohibition;',
        'use the Service or its Outputs to build a competing product, or to train a general-purpose AI model;',
        'resell, sublicense or provide the Service to third parties, unless you are a partner authorised under a written partner agreement;',
        'introduce malicious code, or place a load on the Service that materially degrades it for other customers.',
      ],
    },
    {
      p: '9.2 We may investigate suspected breaches of this section and, where necessary to prevent harm, suspend the Accounts or features concerned. We will tell you why and, where possible, give you the opportunity to remedy the issue before or promptly after a suspension.',
    },

    { h1: '10. Third-party sources and services' },
    {
      p: '10.1 The Service can collect content from social media platforms, news providers, RSS feeds, survey tools such as SurveyMonkey, collaboration tools such as Miro and public websites. Access to these sources depends on third parties. We may change or discontinue a source if a provider changes its terms or availability, and will tell you in advance where we can.',
    },
    {
      p: '10.2 Licensed news content is provided for your internal analysis only. You may quote short extracts in your reports in line with applicable copyright exceptions, but may not republish full articles.',
    },
    {
      p: '10.3 When you connect a third-party account to the Service, you authorise us to access it on your behalf as needed to provide the Service, and you remain responsible for complying with that third party’s terms.',
    },

    { h1: '11. Customer Data and data protection' },
    {
      p: '11.1 As between you and us, you own all Customer Data. You grant us a non-exclusive, worldwide licence to host, copy, process and display Customer Data solely as necessary to provide, secure and support the Service for you, and as required by law.',
    },
    {
      p: '11.2 To the extent Customer Data contains personal data, you are the controller and we are your processor. Our Data Processing Agreement (“DPA”), available on request and in the account area, forms part of these Terms and meets the requirements of Article 28 of the GDPR. The DPA lists our sub-processors and describes the technical and organizational measures we take.',
    },
    {
      p: '11.3 Customer Data is stored in the cloud region selected by your admins, which is an EU region by default. We do not move it to another region without your instruction.',
    },
    {
      p: '11.4 Your admins choose a retention period of 90, 180 or 360 days for collected and uploaded data. Data older than the chosen period is deleted automatically. You are responsible for exporting anything you need to keep longer.',
    },
    {
      p: '11.5 We do not use Customer Data or Outputs to train or improve AI models, whether our own or a third party’s. We may use aggregated and anonymised usage statistics that do not identify you or any individual, for example the number of runs per day, to operate and improve the Service.',
    },
    {
      p: '11.6 You are responsible for having a lawful basis for the Customer Data you process with the Service, including data collected from public sources on your instructions, and for giving any notices required by law.',
    },

    { h1: '12. AI-generated Output' },
    {
      p: '12.1 The Service uses machine learning and large language models. Output is generated statistically and may be incomplete, inaccurate or different for similar inputs. The Service links Output to its sources so that it can be checked; you are responsible for reviewing Output before relying on it or publishing it.',
    },
    {
      p: '12.2 Subject to these Terms and to any rights of third parties in the underlying content, you own the Output generated for you. Other customers may receive similar Output for similar inputs.',
    },
    {
      p: '12.3 Where you use the choice of models offered in Insight Booster and elsewhere, the model providers process inputs only to return the Output, under terms that prohibit retention for their own purposes and training on your data.',
    },

    { h1: '13. Availability, maintenance and support' },
    {
      p: '13.1 We aim to make the Service available 99.5% of the time in each calendar month, measured at our edge and excluding scheduled maintenance and events outside our reasonable control.',
    },
    {
      p: '13.2 We announce scheduled maintenance at least 48 hours in advance by email to admins and in the Service, and schedule it outside 07:00 to 19:00 Central European Time on working days where possible. During maintenance a maintenance page is shown and scheduled workflow runs are postponed, not skipped.',
    },
    {
      p: '13.3 If availability in a month falls below 99.5%, Business Customers on a paid Subscription may request a service credit of 5% of that month’s subscription fee for each full 0.5 percentage point below the target, up to 25%. Requests must be made within 30 days of the end of the month. Service credits are your sole financial remedy for unavailability.',
    },
    {
      p: '13.4 Support is provided through the help centre, by email at support@dcipher.io and by phone on +45 70 70 17 17 on Danish working days from 08:30 to 17:00 CET. Response times depend on your plan and are described on the pricing page.',
    },

    { h1: '14. Changes to the Service' },
    {
      p: '14.1 We continually develop the Service and may add, change or remove features. We will not materially reduce the core functionality of your plan during a paid billing period.',
    },
    {
      p: '14.2 We give at least 90 days’ notice before removing an API version or a documented integration that you use, except where a shorter period is required for security or legal reasons or by a third-party provider.',
    },

    { h1: '15. Intellectual property' },
    {
      p: '15.1 We and our licensors own all rights in the Service, including its software, models we have developed, documentation, predefined workflows and templates supplied by us, and our trademarks. You receive a non-exclusive, non-transferable right to use the Service during your Subscription for your internal business purposes, in accordance with these Terms.',
    },
    {
      p: '15.2 Workflows and report templates that you create belong to you. If you publish a workflow in the workflow store, you grant other customers a licence to use it within the Service as described in the store’s terms.',
    },
    {
      p: '15.3 If you give us feedback or suggestions, we may use them without obligation to you. We will not identify you as the source without your consent.',
    },
    {
      p: '15.4 We may name a Business Customer as a customer only with its prior written consent.',
    },

    { h1: '16. Confidentiality' },
    {
      p: '16.1 Each party will keep the other’s confidential information confidential, use it only to perform these Terms, and protect it with at least reasonable care. Customer Data is your confidential information. This obligation does not apply to information that is or becomes public without breach, was already known to the recipient, is independently developed, or must be disclosed by law, in which case the recipient will give notice where lawful.',
    },
    { p: '16.2 The obligations in this section survive for five years after the end of the agreement.' },

    { h1: '17. Warranties and disclaimers' },
    {
      p: '17.1 We warrant that the Service will perform materially as described in the documentation, and that we will provide it with reasonable skill and care. If it does not, tell us and we will correct the non-conformity within a reasonable time or, if we cannot, you may terminate the affected Subscription and receive a pro rata refund of prepaid fees.',
    },
    {
      p: '17.2 Except as expressly stated in these Terms and to the extent permitted by law, the Service and Output are provided without any other warranties, including warranties of fitness for a particular purpose, and we do not warrant that the Service will be uninterrupted or error-free or that Output will be accurate.',
    },

    { h1: '18. Limitation of liability' },
    {
      p: '18.1 Neither party is liable for indirect or consequential loss, loss of profit, revenue, goodwill or anticipated savings, or for loss of data beyond the cost of restoring it from the latest backup.',
    },
    {
      p: '18.2 Each party’s total liability arising out of or in connection with these Terms in any 12-month period is limited to the fees paid and payable by the Customer for the Service in the 12 months preceding the event giving rise to the claim, and for a Trial to EUR 500.',
    },
    {
      p: '18.3 These limitations do not apply to liability for gross negligence or wilful misconduct, to the Customer’s payment obligations, to the indemnities in section 19, or to any liability that cannot be limited by law.',
    },

    { h1: '19. Indemnities' },
    {
      p: '19.1 We will defend you against any third-party claim that your authorised use of the Service infringes that party’s intellectual property rights, and pay the damages and costs awarded. We may modify the Service to avoid infringement, obtain a licence or, if neither is reasonably possible, terminate the affected Service and refund prepaid fees. This does not apply to claims caused by Customer Data, third-party sources, or use in breach of these Terms.',
    },
    {
      p: '19.2 You will defend us against any third-party claim arising from Customer Data or from your use of the Service in breach of section 9, and pay the damages and costs awarded.',
    },
    {
      p: '19.3 The indemnified party must promptly notify the other of the claim, give it control of the defence and settlement, and provide reasonable cooperation.',
    },

    { h1: '20. Term, suspension and termination' },
    {
      p: '20.1 The agreement starts when you accept these Terms and continues until all Subscriptions have ended and the Account or Organization has been deleted.',
    },
    {
      p: '20.2 You may cancel a Subscription at any time with effect from the end of the current billing period, and delete your Account or Organization in the account area.',
    },
    {
      p: '20.3 Either party may terminate the agreement with immediate effect by written notice if the other party materially breaches it and fails to remedy the breach within 30 days of notice, or becomes insolvent or enters into liquidation.',
    },
    {
      p: '20.4 On termination, access to the Service ends. For 30 days afterwards, admins can still export Customer Data in the account area; after that we delete Customer Data from the Service within 30 days and from backups within a further 35 days, unless the law requires us to keep it.',
    },
    {
      p: '20.5 If you terminate because of our uncured material breach, or we terminate for reasons other than your breach, we refund prepaid fees and unused purchased Credits pro rata. In other cases fees already paid and unused Credits are not refunded.',
    },
    {
      p: '20.6 Sections 8 (for amounts due), 11, 15, 16, 18, 19, 20.4 to 20.6, 21 and 22 survive termination.',
    },

    { h1: '21. Governing law and disputes' },
    {
      p: '21.1 These Terms are governed by Danish law, excluding its conflict-of-law rules and the United Nations Convention on Contracts for the International Sale of Goods.',
    },
    {
      p: '21.2 The parties will first try to resolve any dispute through good-faith negotiation between senior representatives for at least 30 days. Disputes that are not resolved are settled by the Copenhagen City Court (Københavns Byret) as the court of first instance.',
    },
    {
      p: '21.3 If you are a consumer, you may also bring proceedings in the courts of your country of residence, and the mandatory consumer protection rules of that country apply. You may also use the European Commission’s online dispute resolution platform.',
    },

    { h1: '22. General' },
    {
      p: {
        lead: '22.1 Changes to these Terms.',
        text: 'We may update these Terms. We will notify admins by email and in the Service at least 30 days before material changes take effect. If you do not agree, you may cancel before the changes take effect; otherwise the updated Terms apply from your next renewal.',
      },
    },
    {
      p: {
        lead: '22.2 Notices.',
        text: 'We send notices to the email address of the Account holder or the Organization’s admins. You can send notices to info@dcipher.io or to our registered address.',
      },
    },
    {
      p: {
        lead: '22.3 Assignment.',
        text: 'Neither party may assign the agreement without the other’s consent, except to a successor in a merger, acquisition or sale of substantially all relevant assets, on notice.',
      },
    },
    {
      p: {
        lead: '22.4 Force majeure.',
        text: 'Neither party is liable for failure or delay caused by events beyond its reasonable control, such as natural disasters, war, acts of government, or failures of public networks or third-party cloud providers not caused by the affected party. Payment obligations are not suspended.',
      },
    },
    {
      p: {
        lead: '22.5 Entire agreement, severability and waiver.',
        text: 'These Terms, together with any order form and the DPA, are the entire agreement on their subject. If a provision is invalid, the rest remains in force. A failure to enforce a right is not a waiver.',
      },
    },
    {
      p: {
        lead: '22.6 Language.',
        text: 'These Terms are written in English, which is the governing version.',
      },
    },

    { h1: '23. Contact' },
    {
      p: 'Dcipher ApS, Applebys Plads 7, 1411 Copenhagen K, Denmark. Email: info@dcipher.io. Support: support@dcipher.io or +45 70 70 17 17. Help centre: help.dcipher.io.',
    },
    {
      p: {
        text: 'These Terms were last updated on 01 Nov 2026 and replace version 4.1 of 15 Mar 2026.',
        muted: true,
      },
    },
  ],
};

// ---------------------------------------------------------------------------------------------------------
// White paper
// ---------------------------------------------------------------------------------------------------------

const whitePaper = {
  title: 'From text to decisions: automating insight work with AI',
  subtitle: 'How research, CX and communications teams can analyse more text, faster, without losing rigour',
  runningTitle: 'From text to decisions: automating insight work with AI',
  keywords: 'insight automation, text analytics, AI, survey open-ends, media monitoring, Dcipher',
  date: '2026-11-01',
  coverPoints: [
    'Why unstructured text has become the bottleneck of insight work',
    'A five-stage approach to automating it, and the architecture behind it',
    'Three case examples from research, customer experience and the public sector',
    'How to evaluate and govern AI in analysis, and a 90-day plan to get started',
  ],
  coverFooter:
    'Dcipher ApS, Copenhagen. November 2026. dcipher.io. This paper may be shared freely in unaltered form.',
  blocks: [
    { h1: 'Executive summary' },
    {
      p: 'Organizations have never had more access to what their customers, citizens and stakeholders think. Survey open-ends, reviews, support conversations, social media, news coverage and consultation responses arrive every day, in every language. Yet most of this text is read by no one, because reading and coding it by hand does not scale.',
    },
    {
      p: 'Large language models have changed what is possible, but they have not, on their own, changed how insight work gets done. A chatbot that summarises a spreadsheet is not an insight process: it is hard to repeat, hard to audit and easy to over-trust. Teams need the speed of AI with the discipline of good research.',
    },
    {
      p: 'This paper describes how to get both. We set out the problem, an approach in five stages, the architecture that supports it, three anonymised examples from Dcipher customers, the evaluation and governance practices we recommend, and a practical plan for the first 90 days.',
    },
    {
      callout: {
        title: 'Key findings',
        items: [
          'Automating collection, coding and first-draft reporting typically cuts the time from data to report by 60 to 80%.',
          'Traceability, the ability to go from any number or sentence back to the source texts, is what makes AI findings usable in decisions.',
          'Quality must be measured against human-coded data, continuously, not assumed from a model’s reputation.',
          'The best results come when analysts steer the structure and AI does the reading, not the other way round.',
        ],
      },
    },

    { h1: '1. The problem: more text than time' },
    {
      p: 'Consider a mid-sized retailer. Its quarterly customer survey returns 15,000 answers to “What is the main reason for your score?”. Its app collects 4,000 reviews a month. Customer service closes 30,000 conversations. The brand is mentioned several thousand times a week on social media and in the press. Each of these sources holds the “why” behind the numbers on the dashboard, and each is handled by a different team with a different tool, if it is handled at all.',
    },
    { p: 'Across the research, CX and communications teams we work with, the same four symptoms recur:' },
    {
      list: [
        {
          lead: 'Sampling instead of reading.',
          text: 'Analysts read a few hundred comments and extrapolate, which misses minority issues and emerging topics.',
        },
        {
          lead: 'Slow turnaround.',
          text: 'Manual coding of a large survey wave takes two to six weeks. By the time the report is ready, the decision it should inform has often been taken.',
        },
        {
          lead: 'Inconsistency.',
          text: 'Codebooks drift between coders, waves and markets, so trends partly reflect changes in coding rather than changes in opinion.',
        },
        {
          lead: 'Silos.',
          text: 'Surveys, reviews and media are analysed separately, so nobody sees that the complaint in the survey, the one-star review and the newspaper story are the same issue.',
        },
      ],
    },
    {
      p: 'Generic AI tools address the first two symptoms and make the last two worse. Asking a chatbot to “summarise the main themes” produces a fluent answer that is different every time, cannot be compared with last quarter, and gives no way to check whether a theme is real or how big it is. In our interviews with insight leaders, the most common reason for not using AI output in a board paper was simple: “I can’t show where it comes from.”',
    },

    { h1: '2. The approach: automate the process, not just the prompt' },
    {
      p: 'Insight work is a process with distinct stages. Each stage can be automated to a different degree, and each needs its own controls. We think of it in five stages.',
    },
    {
      numbered: [
        {
          lead: 'Collect.',
          text: 'Bring all relevant text into one place, with its metadata: date, source, market, language, rating, respondent segment. Collection should be repeatable, so that next month’s data arrives the same way.',
        },
        {
          lead: 'Structure.',
          text: 'Organise the text into themes and sub-themes, score sentiment per theme, and detect narratives and trends. This is where AI adds the most speed, and where analysts must be able to steer: merge, split, rename, and apply an existing codebook.',
        },
        {
          lead: 'Measure.',
          text: 'Turn the structure into numbers that can be compared over time and across segments: volume, share, sentiment and momentum per theme. The numbers must recalculate whenever the structure changes.',
        },
        {
          lead: 'Explain.',
          text: 'Write up what the numbers mean, for a specific audience, with the evidence attached. AI can draft; analysts decide what matters and what to recommend.',
        },
        {
          lead: 'Repeat.',
          text: 'Run the same process on a schedule, with the same structure, so that change becomes visible and the team’s time moves from production to interpretation.',
        },
      ],
    },
    {
      p: 'Two principles run through all five stages. First, every output must be traceable to its inputs: any theme, figure or sentence in a report should lead back to the texts that support it. Second, humans stay in charge of meaning: AI proposes, analysts decide, and the system records both.',
    },

    { h1: '3. Architecture at a high level' },
    {
      p: 'The Dcipher platform implements the five stages as a pipeline of services, with a governance layer across all of them. The figure below shows the main components; the products that customers use map onto it directly.',
    },
    {
      diagram: {
        stages: [
          {
            title: 'Ingestion',
            text: 'Files, surveys, social media, news, RSS, Miro, URLs and the API, normalised with metadata',
          },
          {
            title: 'Enrichment',
            text: 'Language detection, translation, de-duplication, anonymisation options',
          },
          {
            title: 'Analysis',
            text: 'Themes, sentiment, trends, narratives, landscapes; steered by analysts',
          },
          {
            title: 'Synthesis',
            text: 'Research bot and report sections grounded in cited evidence',
          },
          {
            title: 'Delivery',
            text: 'Projects, scheduled reports, exports and API results',
          },
        ],
        band: 'Governance: EU hosting and region choice, roles and SSO, retention (90/180/360 days), audit trail, evaluation',
        caption:
          'Figure 1. The Dcipher pipeline. Studio covers ingestion to analysis, Workflows automates the whole chain, and Insight Booster handles synthesis and delivery.',
      },
    },
    { h2: 'Ingestion and enrichment' },
    {
      p: 'Connectors bring in uploaded files (csv, tsv, xls, xlsx, json, jsonl, ndjson, pdf, docx and txt), survey platforms such as SurveyMonkey, Miro boards, social media, licensed news, RSS feeds, public web pages and data pushed through the API. Each text is stored with its metadata and a stable identifier, which is what later makes citations possible. Enrichment detects the language, translates where the analyst wants a single-language view, and flags duplicates and campaign responses so that they are counted without dominating.',
    },
    { h2: 'Analysis' },
    {
      p: 'Theme discovery combines embedding-based clustering with language-model labelling. It can run bottom-up, letting structure emerge from the data, or top-down, mapping texts to an existing codebook. Sentiment is scored at sentence level and aggregated per theme, because a single comment often praises one thing and criticises another. Trend detection tracks both the volume and the momentum of each theme, so that a small but fast-growing topic is flagged before it is large. Narrative analysis identifies actors, framings and claims in news and social media.',
    },
    { h2: 'Synthesis and delivery' },
    {
      p: 'The research bot and Insight Booster generate text only from retrieved evidence: the relevant texts, theme statistics and knowledge-base documents for the question or report section at hand. Each generated statement carries references to that evidence. Customers choose, per task, between cost-efficient models for descriptive work and state-of-the-art models for synthesis and recommendations, and see the credit cost before they run. Results are delivered to projects, as branded reports, or to other systems through the API.',
    },
    { h2: 'Orchestration' },
    {
      p: 'Workflows chain these steps and run them on a schedule, from daily to yearly. Every run records its origin (the platform, the scheduler or the API), its inputs, the data collected and the credits used. Heavy jobs run on compute sized to the task, and a comparison run executes the same workflow on two periods or segments so that differences are computed rather than eyeballed.',
    },

    { h1: '4. Case examples' },
    {
      p: 'The following examples are based on Dcipher customers. Names and some details have been changed at their request; the figures are theirs.',
    },
    {
      callout: {
        title: 'A European consumer research agency: from six weeks to six days',
        text: 'The agency runs a twice-yearly brand study in nine markets, with around 27,000 open-ended answers per wave in seven languages. Manual coding took a team of five about six weeks. With Dcipher Studio, the agency applied its existing codebook top-down, let the system propose additional themes, and had two senior coders review them. Coding and first analysis took six working days. Agreement with a blind human-coded sample was 0.82 (Cohen’s kappa), against 0.79 between two of its own coders. The agency now sells a monthly pulse product that was not economical before.',
      },
    },
    {
      callout: {
        title: 'A Nordic insurer: one view of the customer across channels',
        text: 'The insurer’s CX team combined its relational NPS survey, app reviews and a sample of claims-handling conversations in one Studio project, and scheduled a weekly workflow. Within the first month, trend detection flagged a fast-growing theme around delays in glass-damage claims, which appeared in reviews nine days before it showed in the survey. The fix, a change in a supplier’s booking process, was in place before the next survey wave. The weekly report, drafted by Insight Booster and edited by an analyst, now takes under an hour instead of a day.',
      },
    },
    {
      callout: {
        title: 'A national agency: a defensible consultation report',
        text: 'A public agency received 41,000 responses to a consultation on changes to rural transport, including 23,000 near-identical responses from a campaign. Dcipher grouped the campaign responses so that they were counted and reported but did not swamp individual submissions, and every theme in the final report linked back to the responses behind it. The consultation report was published seven weeks earlier than planned, and the audit trail was used to answer questions from parliament about how responses had been considered.',
      },
    },

    { h1: '5. Evaluation and governance' },
    {
      p: 'Using AI in analysis shifts the question from “can we do this?” to “how do we know it is right?”. We recommend treating evaluation and governance as part of the method, not an afterthought.',
    },
    { h2: 'Measure quality against people' },
    {
      p: 'The benchmark for automated coding is not perfection but the agreement achieved between trained human coders. We maintain evaluation sets of human-coded texts across domains and languages, and every model or prompt change must match or improve agreement before release. Customers can do the same on their own data: code a random sample of a few hundred texts by hand and compare.',
    },
    {
      table: {
        columns: ['What to evaluate', 'How', 'Typical target'],
        widths: [0.28, 0.47, 0.25],
        rows: [
          [
            'Theme assignment',
            'Agreement with a blind human-coded sample',
            'Kappa at or above human-to-human',
          ],
          ['Sentiment', 'Sentence-level agreement on a labelled set per language', 'Above 85% agreement'],
          ['Trend alerts', 'Share of alerts an analyst judges meaningful', 'Above 70% precision'],
          ['Generated text', 'Share of statements supported by their citations', 'Above 97% supported'],
          ['Coverage', 'Share of texts assigned to a theme, not “other”', 'Above 90%'],
        ],
      },
    },
    { h2: 'Keep a human in the loop where it matters' },
    {
      p: 'Not every step needs review. Collection and translation rarely do; theme structures should be reviewed when they are created and when they change; anything presented as a recommendation or published externally should always be read by a person. The platform records who reviewed, edited or locked each element.',
    },
    { h2: 'Govern data and models' },
    {
      list: [
        'Store and process data in the EU, in a region chosen by the customer, and document every sub-processor.',
        'Apply retention periods of 90, 180 or 360 days to collected and uploaded data, and delete rather than archive when they expire.',
        'Never train models on customer data; use model providers only under terms that prohibit retention and training.',
        'Use roles (admin, teammate, guest) and resource permissions (owner, editor, viewer), SSO and password policies to control access.',
        'Be transparent: label AI-generated text, keep citations, and document which model produced what. This also prepares teams for the transparency duties of the EU AI Act.',
      ],
    },

    { h1: '6. Getting started: a 90-day plan' },
    {
      p: 'Teams that succeed with insight automation start small, prove quality on one recurring task, and then extend. A plan that has worked well for our customers:',
    },
    {
      numbered: [
        {
          lead: 'Days 1 to 14: choose one question.',
          text: 'Pick a recurring analysis with a clear audience, such as the quarterly survey’s open-ends or a weekly media briefing. Gather three past rounds of data and the reports produced from them. Use the free trial to run them in Dcipher Studio.',
        },
        {
          lead: 'Days 15 to 30: prove quality.',
          text: 'Compare the automated analysis with your past manual work and a fresh human-coded sample. Agree with stakeholders what “good enough” means, using the targets above as a starting point.',
        },
        {
          lead: 'Days 31 to 60: automate the routine.',
          text: 'Turn the analysis into a scheduled workflow, create a report template in Insight Booster, and run two cycles in parallel with the old process.',
        },
        {
          lead: 'Days 61 to 90: switch over and extend.',
          text: 'Retire the manual process, measure the time saved, and reinvest it: add a second source, such as reviews next to the survey, or a second audience.',
        },
      ],
    },
    {
      p: 'Throughout, measure three things: time from data to report, agreement with human coding, and how often findings are used in decisions. The third is the one that matters most.',
    },

    { h1: 'About Dcipher', contents: false },
    {
      p: 'Dcipher is an AI-powered insight-automation platform built in Copenhagen and hosted in the EU. Dcipher Studio analyses text from surveys, reviews, social media, news and documents; Dcipher Workflows automates recurring analysis on a schedule; and Dcipher Insight Booster turns analyses into cited, branded reports. More than 300 organizations use Dcipher, from research agencies to ministries.',
    },
    {
      p: 'Start a 14-day free trial, no credit card required, at dcipher.io/signup, book a demo at meetings.dcipher.io/book-a-demo, or write to info@dcipher.io.',
    },
  ],
};

for (const result of [await writeTerms(), await writeWhitePaper()]) {
  console.log(`${result.path.replace(`${staticDir}/`, 'static/')} written (${result.pages} pages)`);
}
