import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Mail } from './mailer.js';

/** A mail before rendering: its addressee, subject and template element. */
export interface MailTemplate {
  to: string;
  subject: string;
  element: ReactElement;
}

/** html-to-text's builder, as far as the action formatter uses it (the package ships no types). */
interface TextBuilder {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLineBreak(): void;
}
interface TextElement {
  attribs?: Record<string, string>;
  children: unknown[];
}

/** An action button's plain text: its label and a colon, then the address alone on the next line. */
function actionFormatter(
  elem: TextElement,
  walk: (nodes: unknown[], builder: TextBuilder) => void,
  builder: TextBuilder,
): void {
  builder.openBlock({ leadingLineBreaks: 2 });
  walk(elem.children, builder);
  builder.addInline(':');
  builder.addLineBreak();
  builder.addInline(elem.attribs?.href ?? '', { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
}

/** The plain text: no image, no preview line, headings as written, a link written out shown once. */
const textOptions = {
  wordwrap: 78,
  formatters: { action: actionFormatter },
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: '[data-skip-in-text=true]', format: 'skip' },
    { selector: 'a.action', format: 'action' },
    { selector: 'a.brand', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.facts', format: 'dataTable', options: { colSpacing: 4, uppercaseHeaderCells: false } },
  ],
};

/** Renders a template into the mail the outbox keeps: the HTML and its plain text, from the one element. */
export async function renderMail(template: MailTemplate): Promise<Mail> {
  const html = await render(template.element);
  return { to: template.to, subject: template.subject, text: `${toPlainText(html, textOptions).trim()}\n`, html };
}
