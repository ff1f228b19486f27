// Checks the demo catalog as committed: the CSV files against docs/catalog-import.md (header names, integer
// cents, 0/1 booleans, dates, unique ids, references between files), the demo-data contract (special ids,
// counts, coupons, meetings) and the media files (real JPEG, MP4 and PDF files, total size).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** RFC 4180 parser: rows of fields. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The header names per file, read from the table of docs/catalog-import.md (parenthesised remarks dropped). */
export function docHeaders(docText) {
  const out = {};
  for (const line of docText.split('\n')) {
    const m = /^\|\s*`([a-z-]+\.csv)`\s*\|(.*)\|\s*$/.exec(line);
    if (!m) continue;
    let depth = 0;
    let plain = '';
    for (const c of m[2]) {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (depth === 0) plain += c;
    }
    out[m[1]] = [...plain.matchAll(/`([A-Z_]+)`/g)].map((x) => x[1]);
  }
  return out;
}

const INT = /^-?\d+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** Column kinds: int (integer), cents (integer ≥ 0), bool (0/1), date, num (number ≥ 0), req (non-empty). */
const KINDS = {
  'categories.csv': { ID: 'int!', NAME: 'req', PARENT: 'int', MENU: 'bool!' },
  'terms-of-use.csv': { PRODUCTID: 'int!' },
  'products.csv': {
    ID: 'int!',
    NAME: 'req',
    TYPE: 'req',
    PRICE: 'cents!',
    SALE_PRICE: 'cents',
    PUBDATE: 'date!',
    STREAMING: 'bool!',
    SHIP_WEIGHT: 'num!',
    CREDITS: 'num!',
    CME_RESTRICTED: 'bool!',
    SHORT_DESCR: 'req',
    DESCR: 'req',
  },
  'product-prices.csv': { PRODUCTID: 'int!', POSITION: 'int!', TYPE: 'req', PRICE: 'cents', SALE_PRICE: 'cents' },
  'product-terms.csv': { PRODUCTID: 'int!', YEARS: 'int!', PRICE: 'cents!' },
  'product-categories.csv': { PRODUCTID: 'int!', CATEGORYID: 'int!' },
  'product-titles.csv': {
    PRODUCTID: 'int!',
    TITLEID: 'int!',
    POSITION: 'int!',
    TITLE: 'req',
    URL: 'req',
    DURATION: 'int!',
  },
  'product-documents.csv': { PRODUCTID: 'int!', POSITION: 'int!', TITLE: 'req', FILES: 'req' },
  'faculty.csv': { USERID: 'int!', FULLNAME: 'req', LOCATION: 'req', ACTIVE: 'bool!', BIO: 'req' },
  'product-faculty.csv': { PRODUCTID: 'int!', USERID: 'int!' },
  'meetings.csv': {
    ID: 'int!',
    NAME: 'req',
    HIDDEN_IN_MENU: 'bool!',
    START_DATE: 'date!',
    END_DATE: 'date!',
    CITY: 'req',
    DETAILS: 'req',
    VIRTUAL: 'req',
  },
  'meeting-options.csv': { MEETINGID: 'int!', PRODUCTID: 'int!' },
  'meeting-faculty.csv': { MEETINGID: 'int!', USERID: 'int!' },
  'meeting-program.csv': { MEETINGID: 'int!', POSITION: 'int!', DAY: 'req', TIME: 'req', TITLE: 'req' },
  'short-paths.csv': { PATH: 'req', MEETING_ID: 'int', PRODUCT_ID: 'int' },
  'coupons.csv': {
    CODE: 'req',
    PERCENT: 'num!',
    AMOUNT: 'cents',
    DOLLARSOVER: 'cents!',
    EXPIRES: 'date',
    AUTO: 'bool!',
  },
  'book-codes.csv': { CODE: 'req', PRODUCTID: 'int!' },
  'offers.csv': { OFFER: 'req', UID: 'req', PRODUCTID: 'int!', UNITPRICE: 'cents!', QTY: 'int!', EXPIRES: 'date' },
  'countries.csv': { CODE: 'req', NAME: 'req', ZONE: 'int!' },
  'states.csv': { KEY: 'req', VALUE: 'req' },
  'shipping-zones.csv': {
    ZONE: 'int!',
    ONETOFOUR: 'cents!',
    FIVETOTEN: 'cents!',
    ELEVENTOTWENTY: 'cents!',
    TWENTYPLUS: 'cents!',
    EXPEDITEDFEE: 'cents!',
  },
};

/** Keys that must be unique per file (a list of columns each). */
const UNIQUE = {
  'categories.csv': ['ID'],
  'products.csv': ['ID'],
  'product-prices.csv': ['PRODUCTID', 'POSITION'],
  'product-terms.csv': ['PRODUCTID', 'YEARS'],
  'terms-of-use.csv': ['PRODUCTID'],
  'product-categories.csv': ['PRODUCTID', 'CATEGORYID'],
  'product-titles.csv': ['TITLEID'],
  'product-documents.csv': ['PRODUCTID', 'POSITION'],
  'faculty.csv': ['USERID'],
  'product-faculty.csv': ['PRODUCTID', 'USERID'],
  'meetings.csv': ['ID'],
  'meeting-options.csv': ['MEETINGID', 'PRODUCTID'],
  'meeting-faculty.csv': ['MEETINGID', 'USERID'],
  'meeting-program.csv': ['MEETINGID', 'POSITION'],
  'short-paths.csv': ['PATH'],
  'coupons.csv': ['CODE'],
  'book-codes.csv': ['CODE'],
  'offers.csv': ['UID'],
  'countries.csv': ['CODE'],
  'states.csv': ['KEY'],
  'shipping-zones.csv': ['ZONE'],
};

const PRODUCT_TYPES = [
  'elearning',
  'event',
  'pulse',
  'qmpcomplete',
  'STREAMING_ALL',
  'cme',
  'iflap',
  'BOOK',
  'STREAMING',
  'BOTH',
];
const OFFER_TYPE = {
  elearning: 'elearning',
  cme: 'cme',
  streaming_all: 'STREAMING_ALL',
  qmpcomplete: 'qmpcomplete',
  event: 'event',
};

function isJpeg(file) {
  const b = readFileSync(file);
  return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
}

function folderSize(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? folderSize(p) : st.size;
  }
  return total;
}

export function checkAll({ root, dataDir, assetsDir, headers }) {
  const problems = [];
  const fail = (msg) => problems.push(msg);
  const doc = docHeaders(readFileSync(join(root, 'docs', 'catalog-import.md'), 'utf8'));

  // Headers: the generator's, the doc's and the files' must agree.
  const data = {};
  for (const [name, cols] of Object.entries(doc)) {
    const mine = headers[name];
    if (!mine) fail(`${name}: in the doc but not generated`);
    else if ([...mine].sort().join() !== [...cols].sort().join())
      fail(`${name}: generator header ${mine.join(',')} differs from the doc ${cols.join(',')}`);
    const file = join(dataDir, name);
    if (!existsSync(file)) {
      fail(`${name}: missing`);
      continue;
    }
    const text = readFileSync(file, 'utf8');
    if (text.charCodeAt(0) === 0xfeff) fail(`${name}: has a BOM`);
    const [head, ...rows] = parseCsv(text);
    if ([...head].sort().join() !== [...cols].sort().join())
      fail(`${name}: header ${head.join(',')} differs from the doc`);
    data[name] = rows.map((r, i) => {
      if (r.length !== head.length) fail(`${name}:${i + 2}: ${r.length} fields, header has ${head.length}`);
      const o = { _line: i + 2 };
      head.forEach((h, j) => (o[h] = r[j] ?? ''));
      return o;
    });
  }
  for (const name of readdirSync(dataDir)) if (!doc[name]) fail(`${name}: not a file name of docs/catalog-import.md`);
  if (problems.length) return problems;

  // Value kinds and uniqueness.
  for (const [name, rows] of Object.entries(data)) {
    const kinds = KINDS[name] ?? {};
    for (const r of rows) {
      const at = `${name}:${r._line}`;
      for (const [col, kind] of Object.entries(kinds)) {
        const v = r[col];
        const required = kind.endsWith('!');
        const k = kind.replace('!', '');
        if (v === '') {
          if (required || k === 'req') fail(`${at}: ${col} is empty`);
          continue;
        }
        if (k === 'int' && !INT.test(v)) fail(`${at}: ${col} "${v}" is not an integer`);
        if (k === 'cents' && !/^\d+$/.test(v)) fail(`${at}: ${col} "${v}" is not integer cents`);
        if (k === 'bool' && v !== '0' && v !== '1') fail(`${at}: ${col} "${v}" is not 0/1`);
        if (k === 'date' && !validDate(v)) fail(`${at}: ${col} "${v}" is not YYYY-MM-DD`);
        if (k === 'num' && !(Number(v) >= 0)) fail(`${at}: ${col} "${v}" is not a number ≥ 0`);
      }
    }
    const key = UNIQUE[name];
    const seen = new Set();
    for (const r of rows) {
      const k = key.map((c) => (name === 'coupons.csv' ? r[c].toLowerCase() : r[c])).join('|');
      if (seen.has(k)) fail(`${name}:${r._line}: duplicate ${key.join('+')} ${k}`);
      seen.add(k);
    }
  }

  const by = (name, col) => new Map(data[name].map((r) => [r[col], r]));
  const products = by('products.csv', 'ID');
  const categories = by('categories.csv', 'ID');
  const faculty = by('faculty.csv', 'USERID');
  const meetings = by('meetings.csv', 'ID');
  const ref = (name, col, map, what) => {
    for (const r of data[name])
      if (r[col] !== '' && !map.has(r[col])) fail(`${name}:${r._line}: unknown ${what} ${r[col]}`);
  };
  ref('categories.csv', 'PARENT', categories, 'category');
  for (const n of [
    'product-prices.csv',
    'product-terms.csv',
    'product-categories.csv',
    'product-titles.csv',
    'product-documents.csv',
    'product-faculty.csv',
    'meeting-options.csv',
    'book-codes.csv',
    'offers.csv',
  ])
    ref(n, 'PRODUCTID', products, 'product');
  ref('short-paths.csv', 'PRODUCT_ID', products, 'product');
  ref('product-categories.csv', 'CATEGORYID', categories, 'category');
  ref('product-faculty.csv', 'USERID', faculty, 'faculty');
  ref('meeting-faculty.csv', 'USERID', faculty, 'faculty');
  for (const n of ['meeting-options.csv', 'meeting-faculty.csv', 'meeting-program.csv'])
    ref(n, 'MEETINGID', meetings, 'meeting');
  ref('short-paths.csv', 'MEETING_ID', meetings, 'meeting');
  if (problems.length) return problems;

  // Products.
  const cats = new Map();
  for (const r of data['product-categories.csv'])
    cats.set(r.PRODUCTID, [...(cats.get(r.PRODUCTID) ?? []), Number(r.CATEGORYID)]);
  const count = (name, col, id) => data[name].filter((r) => r[col] === id).length;
  for (const p of data['products.csv']) {
    const at = `products.csv:${p._line}`;
    if (!PRODUCT_TYPES.includes(p.TYPE)) fail(`${at}: TYPE ${p.TYPE}`);
    if (p.SALE_PRICE !== '' && Number(p.SALE_PRICE) >= Number(p.PRICE)) fail(`${at}: SALE_PRICE not below PRICE`);
    if (p.PUBDATE < '2019-01-01' || p.PUBDATE > '2026-11-21') fail(`${at}: PUBDATE ${p.PUBDATE} outside 2019–2026`);
    if (
      !existsSync(join(assetsDir, 'img', 'products', p.ID, `${p.ID}.jpeg`)) ||
      !isJpeg(join(assetsDir, 'img', 'products', p.ID, `${p.ID}.jpeg`))
    )
      fail(`${at}: no JPEG image for product ${p.ID}`);
    if (!isJpeg(join(assetsDir, 'img', 'products', p.ID, `${p.ID}-400.jpeg`)))
      fail(`${at}: no 400 px variant ${p.ID}-400.jpeg (node scripts/demo-catalog/generate.mjs makes it)`);
    if (p.DEMOURL && !existsSync(join(assetsDir, '..', p.DEMOURL))) fail(`${at}: DEMOURL ${p.DEMOURL} missing`);
    if (p.TYPE === 'STREAMING') {
      const c = cats.get(p.ID) ?? [];
      const topical = c.filter((x) => x >= 20 && x < 30).length;
      const titles = count('product-titles.csv', 'PRODUCTID', p.ID);
      const fac = count('product-faculty.csv', 'PRODUCTID', p.ID);
      if (!c.includes(0)) fail(`${at}: video ${p.ID} not in category 0`);
      if (topical < 1 || topical > 2) fail(`${at}: video ${p.ID} has ${topical} topical categories`);
      if (titles < 2 || titles > 6) fail(`${at}: video ${p.ID} has ${titles} titles`);
      if (fac < 1 || fac > 3) fail(`${at}: video ${p.ID} has ${fac} faculty`);
      if (Number(p.PRICE) < 9900 || Number(p.PRICE) > 89900) fail(`${at}: video price ${p.PRICE}`);
      if (p.STREAMING !== '1') fail(`${at}: video not STREAMING 1`);
    }
    if (p.TYPE === 'BOOK') {
      const prices = data['product-prices.csv']
        .filter((r) => r.PRODUCTID === p.ID)
        .sort((a, b) => a.POSITION - b.POSITION);
      if (prices.map((r) => `${r.POSITION}${r.TYPE}`).join() !== '1BOOK,2STREAMING,3BOTH')
        fail(`${at}: book price entries`);
      if (p.STREAMING !== '0' || !(Number(p.SHIP_WEIGHT) >= 1 && Number(p.SHIP_WEIGHT) <= 4))
        fail(`${at}: book STREAMING/SHIP_WEIGHT`);
      if (!(cats.get(p.ID) ?? []).includes(14)) fail(`${at}: book not in category 14`);
    }
  }
  const want = (id, o) => {
    const p = products.get(String(id));
    if (!p) return fail(`products.csv: product ${id} missing`);
    for (const [k, v] of Object.entries(o))
      if (p[k] !== String(v)) fail(`products.csv:${p._line}: ${id} ${k} is ${p[k]}, want ${v}`);
  };
  want(130, { TYPE: 'qmpcomplete', PRICE: 175000 });
  want(155, { TYPE: 'cme', PRICE: 40000, CREDITS: 20, CME_RESTRICTED: 1 });
  want(399, { TYPE: 'iflap' });
  want(215, { TYPE: 'STREAMING', STREAMING: 1 });
  const terms = (id) =>
    data['product-terms.csv']
      .filter((r) => r.PRODUCTID === String(id))
      .map((r) => `${r.YEARS}:${r.PRICE}`)
      .sort()
      .join();
  if (terms(130) !== '1:175000,2:160000,3:140000') fail(`product-terms.csv: 130 terms ${terms(130)}`);
  const elearning = data['products.csv'].filter((p) => p.TYPE === 'elearning');
  if (!elearning.some((p) => terms(p.ID) === '1:69500,2:64500,3:59500' && (cats.get(p.ID) ?? []).includes(10)))
    fail('products.csv: no elearning product with terms 69500/64500/59500 in category 10');
  if (!data['products.csv'].some((p) => p.TYPE === 'STREAMING_ALL')) fail('products.csv: no STREAMING_ALL product');
  if (data['products.csv'].length < 130) fail(`products.csv: ${data['products.csv'].length} products, want ≥ 130`);
  const videos = data['products.csv'].filter((p) => (cats.get(p.ID) ?? []).includes(0));
  if (videos.length < 100) fail(`category 0 holds ${videos.length} products, want ≥ 100`);
  const books = data['products.csv'].filter((p) => p.TYPE === 'BOOK');
  if (books.length < 12) fail(`${books.length} books, want ≥ 12`);
  if (!data['products.csv'].some((p) => p.TYPE === 'pulse')) fail('no pulse product');
  if (data['products.csv'].filter((p) => p.CME_RESTRICTED === '1').length < 3)
    fail('want CME_RESTRICTED add-ons besides 155');
  for (const id of ['0', '10', '14', '17', '18'])
    if (!categories.has(id)) fail(`categories.csv: category ${id} missing`);

  // Titles and documents.
  const samples = new Set(['video/sample-1.mp4', 'video/sample-2.mp4', 'video/sample-3.mp4']);
  for (const t of data['product-titles.csv']) {
    if (!samples.has(t.URL)) fail(`product-titles.csv:${t._line}: URL ${t.URL}`);
    // The running time of the table of contents: a plausible chapter, 4 to 30 minutes.
    if (Number(t.DURATION) < 240 || Number(t.DURATION) > 1800)
      fail(`product-titles.csv:${t._line}: DURATION ${t.DURATION} outside 240–1800 s`);
  }
  for (const s of samples) {
    const f = join(root, 'media', s);
    if (!existsSync(f)) fail(`${s} missing`);
    else {
      const b = readFileSync(f);
      if (b.subarray(4, 8).toString('latin1') !== 'ftyp') fail(`${s} is not an MP4`);
      if (b.length > 150 * 1024) fail(`${s} is ${b.length} bytes, want < 150 KB`);
    }
  }
  const docs = data['product-documents.csv'];
  if (!docs.some((d) => d.PRODUCTID === '215' && d.FILES.includes(';')))
    fail('product-documents.csv: 215 needs a row with several files');
  for (const d of docs)
    for (const f of d.FILES.split(';')) {
      const file = join(root, 'media', 'books', d.PRODUCTID, f);
      if (!existsSync(file) || !readFileSync(file).subarray(0, 5).equals(Buffer.from('%PDF-')))
        fail(`product-documents.csv:${d._line}: ${file} is not a PDF`);
    }

  // Faculty.
  const fac = data['faculty.csv'];
  if (fac.length < 65) fail(`faculty.csv: ${fac.length} faculty, want ≥ 65`);
  if (fac.filter((f) => f.ACTIVE === '1').length < 62) fail('faculty.csv: want ≥ 62 active');
  for (const f of fac) {
    const at = `faculty.csv:${f._line}`;
    if (f.BIO.length <= 100) fail(`${at}: bio too short`);
    if (!/^[^,]+, [A-Za-z .]+$/.test(f.LOCATION)) fail(`${at}: LOCATION ${f.LOCATION}`);
    const n = count('product-faculty.csv', 'USERID', f.USERID);
    if (n < 1 || n > 6) fail(`${at}: ${f.USERID} linked to ${n} products`);
    const photo = join(assetsDir, 'img', 'faculty', `${f.USERID}.jpeg`);
    if (!existsSync(photo) || !isJpeg(photo)) fail(`${at}: no JPEG photo`);
  }

  // Meetings.
  const MEETING_IDS = ['235', '503', '509', '511', '517', '520', '547'];
  if ([...meetings.keys()].sort().join() !== MEETING_IDS.join()) fail(`meetings.csv: ids ${[...meetings.keys()]}`);
  for (const m of data['meetings.csv']) {
    const at = `meetings.csv:${m._line}`;
    if (products.get(m.ID)?.TYPE !== 'event') fail(`${at}: ${m.ID} is not an event product`);
    if (products.get(m.ID)?.NAME !== m.NAME) fail(`${at}: NAME differs from the product's`);
    if (!m.VENUE_NAME && !m.HOTEL_NAME) fail(`${at}: neither venue nor hotel`);
    if (m.END_DATE < m.START_DATE) fail(`${at}: ends before it starts`);
    const label = { 509: '2025', 520: '2025 Art and Craft of Rhinoplasty' }[m.ID] ?? '';
    if (m.MENU_LABEL !== label) fail(`${at}: MENU_LABEL "${m.MENU_LABEL}"`);
    if (m.HIDDEN_IN_MENU !== (m.ID === '547' ? '1' : '0')) fail(`${at}: HIDDEN_IN_MENU`);
    const opts = data['meeting-options.csv'].filter((o) => o.MEETINGID === m.ID);
    if (!opts.some((o) => o.PRODUCTID === m.ID)) fail(`${at}: choose tab lacks its own event`);
    for (const o of opts)
      if (products.get(o.PRODUCTID).TYPE !== 'event') fail(`meeting-options.csv:${o._line}: not an event`);
    const nf = count('meeting-faculty.csv', 'MEETINGID', m.ID);
    if (nf < 3 || nf > 8) fail(`${at}: ${nf} faculty`);
    const np = count('meeting-program.csv', 'MEETINGID', m.ID);
    if (np < 8 || np > 15) fail(`${at}: ${np} sessions`);
  }

  // Short paths.
  const TABS = ['', 'details', 'choose', 'virtual', 'faculty', 'program'];
  for (const s of data['short-paths.csv']) {
    const at = `short-paths.csv:${s._line}`;
    if (s.PATH !== s.PATH.toLowerCase() || s.PATH.startsWith('/')) fail(`${at}: PATH ${s.PATH}`);
    if ((s.MEETING_ID === '') === (s.PRODUCT_ID === '')) fail(`${at}: want exactly one of MEETING_ID and PRODUCT_ID`);
    if (!TABS.includes(s.TAB) || (s.PRODUCT_ID && s.TAB)) fail(`${at}: TAB ${s.TAB}`);
  }

  // Coupons, book codes, offers.
  const coupons = by('coupons.csv', 'CODE');
  const wantCoupon = (code, o) => {
    const c = coupons.get(code);
    if (!c) return fail(`coupons.csv: ${code} missing`);
    for (const [k, v] of Object.entries(o))
      if (c[k] !== String(v)) fail(`coupons.csv:${c._line}: ${code} ${k} is "${c[k]}", want "${v}"`);
  };
  wantCoupon('complete', { PERCENT: 20, TYPES: 'event', DOLLARSOVER: 1000, ROLE: 'qmpcomplete', AUTO: 0 });
  wantCoupon('COMPLETEWEBCAST', { PERCENT: 20, TYPES: 'STREAMING', DOLLARSOVER: 20000, AUTO: 0 });
  wantCoupon('CMEComplete combo', { AUTO: 1 });
  wantCoupon('WELCOME10', { PERCENT: 10, TYPES: '', DOLLARSOVER: 0, EXPIRES: '' });
  wantCoupon('BOOKS100', { PERCENT: 15, TYPES: 'BOOK', DOLLARSOVER: 10000 });
  if (!coupons.get('EXPIRED1')?.EXPIRES.startsWith('2024')) fail('coupons.csv: EXPIRED1 must expire in 2024');
  if (!(Number(coupons.get('CMEComplete combo')?.AMOUNT) > 0)) fail('coupons.csv: the combo needs a fixed AMOUNT');
  for (const c of data['coupons.csv']) {
    if (!(Number(c.PERCENT) <= 100)) fail(`coupons.csv:${c._line}: PERCENT`);
    for (const t of c.TYPES ? c.TYPES.split(';') : [])
      if (!PRODUCT_TYPES.includes(t)) fail(`coupons.csv:${c._line}: type ${t}`);
  }
  const codes = data['book-codes.csv'];
  if (codes.length !== 10) fail(`book-codes.csv: ${codes.length} codes, want 10`);
  for (const c of codes) {
    if (!/^BOOK-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(c.CODE)) fail(`book-codes.csv:${c._line}: CODE ${c.CODE}`);
    if (products.get(c.PRODUCTID).TYPE !== 'BOOK') fail(`book-codes.csv:${c._line}: ${c.PRODUCTID} is not a book`);
    if (count('product-titles.csv', 'PRODUCTID', c.PRODUCTID) < 1)
      fail(`book-codes.csv:${c._line}: book without videos`);
  }
  for (const o of data['offers.csv']) {
    if (!OFFER_TYPE[o.OFFER]) fail(`offers.csv:${o._line}: OFFER ${o.OFFER}`);
    else if (products.get(o.PRODUCTID).TYPE !== OFFER_TYPE[o.OFFER])
      fail(`offers.csv:${o._line}: product type differs from OFFER`);
    if (!/^[a-z0-9-]+$/.test(o.UID)) fail(`offers.csv:${o._line}: UID ${o.UID}`);
  }
  for (const t of Object.keys(OFFER_TYPE))
    if (!data['offers.csv'].some((o) => o.OFFER === t)) fail(`offers.csv: no ${t} offer`);

  // Reference data.
  const ctry = data['countries.csv'];
  if (ctry.length < 230 || ctry.length > 250) fail(`countries.csv: ${ctry.length} countries`);
  for (const c of ctry) {
    if (!/^[A-Z]{3}$/.test(c.CODE) || !(Number(c.ZONE) >= 1 && Number(c.ZONE) <= 5))
      fail(`countries.csv:${c._line}: ${c.CODE} ${c.ZONE}`);
    const zone = { USA: '1', CAN: '2', MEX: '3', PRI: '3', UMI: '3', VIR: '3' }[c.CODE];
    if (zone && c.ZONE !== zone) fail(`countries.csv:${c._line}: ${c.CODE} in zone ${c.ZONE}, want ${zone}`);
    if (!zone && Number(c.ZONE) < 4) fail(`countries.csv:${c._line}: ${c.CODE} in zone ${c.ZONE}`);
  }
  const st = data['states.csv'];
  if (st[0]?.KEY !== 'NOTUS' || st[0]?.VALUE !== 'Not United States') fail('states.csv: NOTUS first');
  if (st.length !== 58 || st.slice(1).some((s) => !/^[A-Z]{2}$/.test(s.KEY))) fail(`states.csv: ${st.length} rows`);
  for (const t of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'])
    if (!st.some((s) => s.KEY === t)) fail(`states.csv: ${t} missing`);
  const zones = data['shipping-zones.csv'].map((z) =>
    [z.ZONE, z.ONETOFOUR, z.FIVETOTEN, z.ELEVENTOTWENTY, z.TWENTYPLUS, z.EXPEDITEDFEE].join(':'),
  );
  const wantZones = [
    '1:1000:1200:1200:2000:2500',
    '2:4000:5000:6000:8000:1500',
    '3:4000:5000:5500:6500:1500',
    '4:6000:7500:9000:13500:2000',
    '5:8000:12500:15000:19500:2000',
  ];
  if (zones.join() !== wantZones.join()) fail(`shipping-zones.csv: ${zones.join()}`);

  // Media size.
  const size = folderSize(assetsDir);
  if (size > 5 * 1024 * 1024) fail(`web/public/assets is ${(size / 1048576).toFixed(1)} MB, want < 5 MB`);
  return problems;
}
