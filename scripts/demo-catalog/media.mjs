// Media of the demo catalog: placeholder JPEGs (ImageMagick), sample MP4s (ffmpeg) and tiny PDFs
// (written by hand). The generated files are committed; these tools are needed only to regenerate.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error(`${cmd} failed: ${r.error?.message ?? r.stderr}`);
  }
}

/** The real ImageMagick (a stand-in `convert` elsewhere on the PATH may only print PNGs). */
export function imageMagick() {
  for (const c of ['/usr/bin/convert', 'convert']) {
    const r = spawnSync(c, ['-version'], { encoding: 'utf8' });
    if (!r.error && r.status === 0 && /ImageMagick/.test(r.stdout)) return c;
  }
  throw new Error('ImageMagick is needed to regenerate images: apt-get install -y imagemagick');
}

/** ImageMagick expands % escapes in caption/annotate text. */
const magickText = (s) => s.replace(/%/g, '%%').replace(/^@/, '\\@');

/** Width and height of a product image; the `-400` variant (productVariant) is half of it. */
export const PRODUCT_IMAGE_SIZE = [800, 600];

/**
 * A product card: a colour gradient, a small type label, the product name, a footer line. 800 x 600, so a
 * phone at twice its CSS pixels still gets a sharp picture (Lighthouse image-size-responsive).
 * @param {string} convert path of ImageMagick's convert
 */
export function productImage(convert, file, { name, label, colors, footer }) {
  mkdirSync(dirname(file), { recursive: true });
  run(convert, [
    '-size',
    PRODUCT_IMAGE_SIZE.join('x'),
    `gradient:${colors[0]}-${colors[1]}`,
    '(',
    '-size',
    '704x',
    '-pointsize',
    String(name.length <= 24 ? 64 : name.length <= 48 ? 54 : 46),
    '-background',
    'none',
    '-fill',
    'white',
    '-font',
    'DejaVu-Sans-Bold',
    '-gravity',
    'center',
    `caption:${magickText(name)}`,
    ')',
    '-gravity',
    'center',
    '-geometry',
    '+0+12',
    '-composite',
    '-fill',
    '#ffffff',
    '-draw',
    'rectangle 48,76 128,82',
    '-font',
    'DejaVu-Sans-Bold',
    '-pointsize',
    '26',
    '-fill',
    '#ffffffdd',
    '-gravity',
    'northwest',
    '-annotate',
    '+48+32',
    magickText(label.toUpperCase()),
    '-font',
    'DejaVu-Sans',
    '-pointsize',
    '24',
    '-fill',
    '#ffffffbb',
    '-gravity',
    'southwest',
    '-annotate',
    '+48+28',
    magickText(footer),
    '-strip',
    '-interlace',
    'none',
    '-sampling-factor',
    '4:2:0',
    '-quality',
    '70',
    file,
  ]);
}

/**
 * The 400 px wide `{ID}-400.jpeg` next to a product image, for cards and small screens (the web's
 * srcset picks it by the displayed width). Made with sharp (libvips), a devDependency of the generator.
 */
export async function productVariant(file) {
  const { default: sharp } = await import('sharp');
  const target = file.replace(/\.jpeg$/, '-400.jpeg');
  await sharp(file).resize({ width: 400 }).jpeg({ quality: 72, mozjpeg: true }).toFile(target);
  return target;
}

/** A faculty placeholder: coloured square, a head-and-shoulders silhouette, the initials. */
export function facultyImage(convert, file, { initials, colors }) {
  mkdirSync(dirname(file), { recursive: true });
  run(convert, [
    '-size',
    '240x240',
    `gradient:${colors[0]}-${colors[1]}`,
    '-fill',
    '#ffffff33',
    '-draw',
    'circle 120,92 120,44',
    '-draw',
    'ellipse 120,240 82,66 180,360',
    '-font',
    'DejaVu-Sans-Bold',
    '-pointsize',
    '58',
    '-fill',
    'white',
    '-gravity',
    'center',
    '-annotate',
    '+0+0',
    magickText(initials),
    '-strip',
    '-interlace',
    'none',
    '-sampling-factor',
    '4:2:0',
    '-quality',
    '70',
    file,
  ]);
}

/** A short playable H.264 + AAC clip, 320x180, a few seconds, small. */
export function sampleVideo(file, { source, seconds, tone, text }) {
  mkdirSync(dirname(file), { recursive: true });
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  const draw = existsSync(font)
    ? `,drawtext=fontfile=${font}:text='${text}':fontcolor=white:fontsize=18:box=1:boxcolor=black@0.5:x=(w-text_w)/2:y=h-34`
    : '';
  run('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${source}=size=320x180:rate=24:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${tone}:sample_rate=44100:duration=${seconds}`,
    '-vf',
    `format=yuv420p${draw}`,
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-preset',
    'veryslow',
    '-crf',
    '32',
    '-g',
    '48',
    '-threads',
    '1',
    '-c:a',
    'aac',
    '-b:a',
    '48k',
    '-ac',
    '1',
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-shortest',
    file,
  ]);
}

/** A minimal valid one-page PDF (US letter) with a title and a few lines of Helvetica text. */
export function tinyPdf(file, title, lines) {
  mkdirSync(dirname(file), { recursive: true });
  const esc = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
  let content = `BT /F2 18 Tf 72 720 Td (${esc(title)}) Tj ET\n`;
  lines.forEach((line, i) => {
    content += `BT /F1 11 Tf 72 ${684 - i * 18} Td (${esc(line)}) Tj ET\n`;
  });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${esc(title)}) /Producer (demo catalog generator) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(file, Buffer.from(out, 'latin1'));
}
