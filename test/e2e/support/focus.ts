import { expect, type Page } from '@playwright/test';

/**
 * Runs in the page: what is wrong with the focused control's focus, or '' when nothing is. The focus
 * must be on a control (not the page), inside the viewport, not covered by anything (the header, a
 * banner, a snackbar: WCAG 2.4.11), and shown: a ring (outline) whose colour has 3:1 against what lies
 * under it (WCAG 1.4.11; the browser's own `auto` ring draws two colours and passes anywhere), a box
 * shadow, or a text field's own focused border (MUI's `Mui-focused`, 2 px in the brand colour).
 */
const FOCUS_PROBLEM = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return 'nothing has the focus';
  const name = (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40);
  const box = element.getBoundingClientRect();
  if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
    return '"' + name + '" has the focus out of view';
  }
  const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(box.top + Math.min(box.height / 2, 12), 0), innerHeight - 1);
  const top = document.elementFromPoint(x, y);
  // A text field's own label floats over its box: part of the field, not a cover.
  const field = element.closest('.MuiFormControl-root') || element.closest('.MuiInputBase-root, label');
  if (top && !element.contains(top) && !top.contains(element) && !(field && field.contains(top))) {
    return '"' + name + '" is covered by ' + top.tagName.toLowerCase() + '.' + String(top.className).split(' ')[0];
  }
  const style = getComputedStyle(element);
  if (element.closest('.Mui-focused') || style.boxShadow !== 'none') return '';
  if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) {
    return style.outlineStyle === 'auto' ? '' : '"' + name + '" shows no focus ring';
  }
  if (style.outlineStyle === 'auto') return '';
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  let under = element.parentElement;
  let background = [255, 255, 255];
  while (under) {
    const parts = rgb(getComputedStyle(under).backgroundColor);
    if (parts.length >= 3 && (parts.length === 3 || parts[3] > 0.5)) { background = parts.slice(0, 3); break; }
    under = under.parentElement;
  }
  const [light, dark] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((a, b) => b - a);
  const ratio = (light + 0.05) / (dark + 0.05);
  return ratio >= 3 ? '' : '"' + name + '" has a focus ring of ' + ratio.toFixed(2) + ':1 against what surrounds it';
})()`;

/** What is wrong with the focus now (FOCUS_PROBLEM), or '' when nothing is. */
export const focusProblem = (page: Page): Promise<string> => page.evaluate<string>(FOCUS_PROBLEM);

/** The focused control shows its focus, in view and uncovered (FOCUS_PROBLEM); the message says what is wrong. */
export async function expectFocusShown(page: Page, where: string): Promise<void> {
  expect(await focusProblem(page), where).toBe('');
}

/** The accessible name of the focused element, as a person hears it (its label, aria-label or text); null on the page itself. */
const FOCUSED_NAME = `(() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const labelled = element.getAttribute('aria-labelledby');
  if (labelled) return labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
  const label = element.getAttribute('aria-label') || (element.labels && element.labels[0] && element.labels[0].textContent);
  return (label || element.textContent || '').replace(/\\s+/g, ' ').replace(/\\s*\\*$/, '').trim();
})()`;

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on a control whose name matches `name`,
 * checking the focus at every stop on the way (`expectFocusShown`). Fails after `limit` presses.
 */
export async function tabTo(page: Page, name: RegExp, { backwards = false, limit = 60 } = {}): Promise<void> {
  const stops: string[] = [];
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate<string | null>(FOCUSED_NAME);
    // Past the last control the focus leaves the page (the browser's own bar, here none) and comes back.
    if (focused === null) {
      stops.push('(the page)');
      continue;
    }
    stops.push(focused);
    await expectFocusShown(page, `Tab stop "${focused}" on the way to ${name}`);
    if (name.test(focused)) return;
  }
  throw new Error(`${name} not reached in ${limit} Tab presses; the stops: ${stops.join(' | ')}`);
}
