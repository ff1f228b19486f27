/* global document, location, window, requestAnimationFrame */
// Runs before the app's JavaScript and starts it (docs/performance.md, "Lighthouse"). Three jobs:
// 1. Preloads what the first screen of the opened address needs: the product image (its 400 px variant or
//    the full one, as the <img srcset> will pick) and the product read of a product page, the first
//    card's image of the home page. With a stored session, the signed-in first screens' API reads (the
//    streaming list, a video page) start at once with its token; the app's first queries take them.
// 2. Draws that screen's first view into #root from what the address tells (the product's image, the
//    home's heading and first card image, the list's first cards read from the API; the streaming list's
//    first rows on a phone, a video page's title and player frame), laid out as the app will lay it out,
//    so a phone on a slow line shows the page's main content before the app has run; the app's first
//    render replaces it.
// 3. Starts the app: the entry module (moved here from index.html by the build, ENTRY), its imports and
//    the screen's own chunks (ROUTES). Where a first view was drawn, once its picture has loaded (or
//    failed, or after START_LATEST_MS), or once its text has been painted, so it has the line to itself.
// A plain file under the web root, so the Content-Security-Policy (script-src 'self') allows it; index.html
// loads it after #root, so #root exists when it runs.
(function () {
  // Filled in by the build (web/vite.config.ts, bootRoutes): each first screen's chunks.
  var ROUTES = {};
  // Filled in by the build: the entry module and its static imports. Null in development, where
  // index.html loads the entry itself.
  var ENTRY = null;
  var START_LATEST_MS = 1500;
  // The `sizes` of the app's own images (features/catalog/components/product-page/product-skeleton.tsx,
  // features/home/components/home-card.tsx), so the preview fetches the very file the app shows.
  var PRODUCT_SIZES = '(min-width: 1200px) 460px, (min-width: 900px) 37vw, 100vw';
  var CARD_SIZES = '(min-width: 1200px) 370px, (min-width: 900px) 31vw, (min-width: 600px) 47vw, 100vw';
  var LIST_SIZES = '(max-width: 599px) 50vw, (max-width: 1199px) 33vw, 300px';
  // The list's titles when the category has no name (features/catalog/routes/products.tsx).
  var LIST_TITLES = { 0: 'Videos', 14: 'Books' };
  // Two rows of two on a phone, one row on a wide screen.
  var LIST_PREVIEW_CARDS = 4;
  // The streaming list's fixed entries (features/streaming/paths.ts, menuEntries) and the rows a phone shows.
  var STREAM_TITLES = { 0: 'All Videos', '-1': 'Favorites', '-3': 'Purchased' };
  var STREAM_PREVIEW_ROWS = 8;
  // The home's first card shows the Complete package (storefront section 2).
  var HOME_IMAGE = '130';
  var head = document.head;
  var root = document.getElementById('root');
  // Where the app keeps the session (web/src/lib/session.ts, SESSION_KEY and SESSION_VERSION).
  var SESSION_KEY = 'session';
  var SESSION_VERSION = 5;

  /** The stored session's token, as the app reads it (another version's session is not trusted). */
  function storedToken() {
    try {
      var session = JSON.parse(localStorage.getItem(SESSION_KEY) || 'null');
      return session && session.version === SESSION_VERSION && typeof session.token === 'string' ? session.token : null;
    } catch {
      return null;
    }
  }
  /**
   * Starts the signed-in reads a first screen needs, at once and in parallel, with the stored token: the app
   * would send them only after its JavaScript and GET /api/auth/me. web/src/lib/api.ts hands each to the
   * app's first query of the same path and token (window.bootReads). Returns the reads by path.
   */
  function signedReads(token, paths) {
    var reads = {};
    paths.forEach(function (path) {
      reads[path] = fetch(path, { headers: { authorization: 'Bearer ' + token, accept: 'application/json' } });
      // A read the app never takes (a user without the role goes home) must not report an unhandled failure.
      reads[path].catch(function () {});
    });
    window.bootReads = { token: token, at: performance.now(), reads: reads };
    return reads;
  }

  function element(tag, className, attrs, children) {
    var node = document.createElement(tag);
    node.className = className;
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    for (var i = 0; children && i < children.length; i++) node.appendChild(children[i]);
    return node;
  }
  function text(tag, className, words) {
    var node = element(tag, className, {});
    node.textContent = words;
    return node;
  }
  function sources(id) {
    var base = '/assets/img/products/' + id + '/' + id;
    return { src: base + '.jpeg', srcset: base + '-400.jpeg 400w, ' + base + '.jpeg 800w' };
  }
  function preload(attrs) {
    var link = document.createElement('link');
    link.rel = 'preload';
    for (var key in attrs) link.setAttribute(key, attrs[key]);
    head.appendChild(link);
  }
  function preloadImage(id, sizes) {
    var files = sources(id);
    preload({ as: 'image', href: files.src, imagesrcset: files.srcset, imagesizes: sizes, fetchpriority: 'high' });
  }
  function image(id, sizes, className) {
    var files = sources(id);
    return element('img', className, {
      src: files.src,
      srcset: files.srcset,
      sizes: sizes,
      width: '800',
      height: '600',
      alt: '',
      fetchpriority: 'high',
    });
  }
  function modulePreload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    head.appendChild(link);
  }
  var started = false;
  // Starting a request costs the main thread (more so under instrumentation): a few per task, so no
  // task grows long (Lighthouse total blocking time).
  var PRELOADS_PER_TASK = 4;
  function preloadInBatches(files) {
    files.slice(0, PRELOADS_PER_TASK).forEach(modulePreload);
    if (files.length > PRELOADS_PER_TASK) {
      setTimeout(function () {
        preloadInBatches(files.slice(PRELOADS_PER_TASK));
      }, 0);
    }
  }
  /** Loads the app: its entry, then the entry's imports and the chunks of the screen `name`. */
  function start(name) {
    if (started || !ENTRY) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = ENTRY.script;
    document.body.appendChild(script);
    var screen = (ROUTES[name] || []).filter(function (file) {
      return ENTRY.preload.indexOf(file) < 0;
    });
    setTimeout(function () {
      preloadInBatches(ENTRY.preload.concat(screen));
    }, 0);
  }
  /** Starts the app once `picture` has loaded, failed, or taken START_LATEST_MS. */
  function startAfter(picture, name) {
    var go = function () {
      start(name);
    };
    if (picture.complete) return go();
    picture.addEventListener('load', go);
    picture.addEventListener('error', go);
    setTimeout(go, START_LATEST_MS);
  }
  /** Replaces the "Loading the shop…" line under the bar with the screen's first view. */
  function draw(page) {
    var loading = root && root.querySelector('.boot-text');
    if (!loading) return false;
    root.replaceChild(element('div', 'boot-page', { 'aria-busy': 'true' }, [page]), loading);
    return true;
  }

  /**
   * The product list's first view: the category's title, the count and the first cards (image and name),
   * where features/catalog/routes/products.tsx puts them (the room of its controls kept empty), read with
   * the address's own page, size, sort and search. The app starts once the first pictures have loaded;
   * any failure just starts it.
   */
  function listPreview(category) {
    var params = new URLSearchParams(location.search);
    var query = new URLSearchParams({ category: category });
    ['search', 'sort', 'page', 'size'].forEach(function (key) {
      if (params.get(key)) query.set(key, params.get(key));
    });
    var read = function (url) {
      return fetch(url).then(function (answer) {
        if (!answer.ok) throw new Error(url + ' answered ' + answer.status);
        return answer.json();
      });
    };
    Promise.all([read('/api/products?' + query), read('/api/categories')])
      .then(function (answers) {
        var products = answers[0].data.slice(0, LIST_PREVIEW_CARDS);
        var named = answers[1].data.filter(function (entry) {
          return String(entry.ID) === category;
        })[0];
        var title = named ? named.NAME : LIST_TITLES[category] || 'Products';
        var cards = products.map(function (item) {
          var picture = image(String(item.ID), LIST_SIZES, 'boot-image');
          return element('li', 'boot-card', {}, [picture, text('p', 'boot-card-name', item.NAME)]);
        });
        var total = answers[0].total;
        var drawn = draw(
          element('div', '', {}, [
            text('h1', 'boot-h1', title),
            element('div', 'boot-list', {}, [
              element('div', 'boot-list-main', {}, [
                element('div', 'boot-list-controls', {}, []),
                text('p', 'boot-count', total === 0 ? 'No results found' : total + ' products'),
                element('ul', 'boot-grid boot-cards', {}, cards),
              ]),
            ]),
          ]),
        );
        var first = cards[0] && cards[0].firstChild;
        if (drawn && first) startAfter(first, 'products');
        else start('products');
      })
      .catch(function () {
        start('products');
      });
    setTimeout(function () {
      start('products');
    }, START_LATEST_MS);
  }

  /** The JSON of a boot read, read from a copy: the response itself is the app's (web/src/lib/api.ts). */
  function answerOf(read) {
    return read.then(function (answer) {
      if (!answer.ok) throw new Error(answer.url + ' answered ' + answer.status);
      return answer.clone().json();
    });
  }
  /** Starts the app once the first view drawn in this task has been painted (its text is the page's LCP). */
  function startAfterPaint(name) {
    requestAnimationFrame(function () {
      setTimeout(function () {
        start(name);
      }, 0);
    });
  }

  /**
   * The video page's first view (features/streaming/routes/video.tsx): the breadcrumb, the video's title and
   * the player's place (black 16:9 frame and the copyright caption naming the customer), from the video and
   * GET /api/auth/me reads. A video behind terms not yet accepted shows only the breadcrumb and the title.
   */
  function videoPreview(reads, videoRead) {
    Promise.all([answerOf(reads[videoRead]), answerOf(reads['/api/auth/me'])])
      .then(function (answers) {
        var entry = answers[0].data && answers[0].data[0];
        var clip = entry && entry.VIDEOS && entry.VIDEOS[0];
        if (!clip) return start('video');
        var me = answers[1];
        var name = [me.firstname, me.lastname].filter(Boolean).join(' ') || me.email;
        var crumb = function (words) {
          return element('li', '', {}, [text('span', 'boot-link boot-tap', words)]);
        };
        var separator = function () {
          return text('li', 'boot-crumb-separator', '/');
        };
        var parts = [
          element('nav', 'boot-crumbs', {}, [
            element('ol', '', {}, [
              crumb('Videos'),
              separator(),
              crumb(entry.PRODUCTNAME),
              separator(),
              element('li', '', {}, [text('p', 'boot-crumb-here', clip.TITLE)]),
            ]),
          ]),
          text('h1', 'boot-h1 boot-video-title', clip.TITLE),
        ];
        if (!answers[0].CONFIRM) {
          var caption =
            '\u00a9 ' +
            new Date().getFullYear() +
            ' MedShop. All rights reserved. Licensed to ' +
            name +
            ' for personal viewing only; recording or sharing is not permitted.';
          parts.push(
            element('figure', 'boot-player', {}, [
              element('div', 'boot-player-frame', {}, []),
              text('figcaption', 'boot-caption', caption),
            ]),
          );
        }
        draw(element('div', '', {}, parts));
        startAfterPaint('video');
      })
      .catch(function () {
        start('video');
      });
    setTimeout(function () {
      start('video');
    }, START_LATEST_MS);
  }

  /**
   * The streaming list's first view on a phone (features/streaming/routes/streaming.tsx with its compact
   * rows, components/stream-card.tsx): the category's title, the room of its select and controls, the count
   * and the first rows (picture, name, facts; the heart's room kept), from the list and home reads. Only for
   * the list's default order, first page and no search, on phones from 360 px (where the controls take two
   * rows); elsewhere the app draws it.
   */
  function streamingPreview(reads) {
    var params = new URLSearchParams(location.search);
    var category = Number(params.get('category') || 0);
    var plain = ['search', 'page', 'sort'].every(function (key) {
      return !params.get(key) || (key === 'sort' && params.get(key) === 'PUBDATE_DESC');
    });
    var phone = window.matchMedia('(min-width: 360px) and (max-width: 599.95px)').matches;
    // User home (-2) is another page; 17 has a description and 18 wide rows: the app draws those.
    if (!plain || !phone || !Number.isInteger(category) || [-2, 17, 18].indexOf(category) >= 0) {
      return start('streaming');
    }
    Promise.all([answerOf(reads['/api/streaming']), answerOf(reads['/api/streaming/home'])])
      .then(function (answers) {
        var list = answers[0];
        var named = (answers[1].categories || []).filter(function (entry) {
          return entry.ID === category;
        })[0];
        var title = STREAM_TITLES[category] || (named ? named.NAME : 'Stream');
        var products = list.data.filter(function (item) {
          if (category === -1) return list.favorites.indexOf(item.ID) >= 0;
          if (category === -3) return item.PURCHASED === 1;
          return category === 0 || item.CATSUBCATS.indexOf(category) >= 0;
        });
        // Newest first (paths.ts, sorted: PUBDATE_DESC), then the higher id.
        products.sort(function (a, b) {
          return b.PUBDATE.localeCompare(a.PUBDATE) || b.ID - a.ID;
        });
        var rows = products.slice(0, STREAM_PREVIEW_ROWS).map(function (item) {
          var facts =
            item.TOTAL +
            (item.TOTAL === 1 ? ' video' : ' videos') +
            ' \u00b7 ' +
            item.PUBDATE +
            (item.CME > 0 ? ' \u00b7 ' + item.CME + ' CME credits' : '');
          return element('li', 'boot-row', {}, [
            image(String(item.ID), '88px', 'boot-row-image'),
            element('div', 'boot-row-text', {}, [
              text('span', 'boot-row-name', item.PRODUCTNAME),
              text('p', 'boot-row-facts', facts),
            ]),
            element('div', 'boot-row-heart', {}, []),
          ]);
        });
        var count = products.length;
        draw(
          element('div', '', {}, [
            text('h1', 'boot-h1 boot-wrap', title),
            element('div', 'boot-stream-menu', {}, []),
            element('div', 'boot-stream-controls', {}, []),
            text(
              'p',
              'boot-count',
              count === 0 ? 'No results found' : count + (count === 1 ? ' product' : ' products'),
            ),
            element('ul', 'boot-rows', {}, rows),
          ]),
        );
        startAfterPaint('streaming');
      })
      .catch(function () {
        start('streaming');
      });
    setTimeout(function () {
      start('streaming');
    }, START_LATEST_MS);
  }

  var path = location.pathname;
  var list = /^\/products\/(\d+)\/?$/.exec(path);
  var product = /^\/product\/[^/]+\/(\d+)\/?$/.exec(path);
  var video = /^\/streams\/details\/(\d+)\/(\d+)\/?$/.exec(path);
  var token = storedToken();
  var picture;
  if (token && /^\/streaming\/?$/.test(path)) {
    streamingPreview(signedReads(token, ['/api/auth/me', '/api/streaming', '/api/streaming/home']));
  } else if (token && video) {
    var videoRead = '/api/streaming/' + video[1] + '/videos/' + video[2];
    // With the product's videos (previous and next).
    videoPreview(signedReads(token, ['/api/auth/me', videoRead, '/api/streaming/' + video[1]]), videoRead);
  } else if (product) {
    preloadImage(product[1], PRODUCT_SIZES);
    preload({ as: 'fetch', href: '/api/products/' + product[1], crossorigin: 'anonymous' });
    picture = image(product[1], PRODUCT_SIZES, 'boot-image boot-rounded');
    if (draw(element('div', 'boot-grid boot-product', {}, [picture]))) startAfter(picture, 'product');
    else start('product');
  } else if (path === '/' || path === '') {
    preloadImage(HOME_IMAGE, CARD_SIZES);
    picture = image(HOME_IMAGE, CARD_SIZES, 'boot-image');
    // The words of features/home/routes/home.tsx, so nothing moves when the app takes over.
    var home = element('div', '', {}, [
      text('h1', 'boot-h1', 'Surgical education, streamed and in print'),
      text(
        'p',
        'boot-lead',
        'Operative videos, books, meetings and CME credit for plastic, facial plastic, oculoplastic and ' +
          'dermatologic surgeons and their teams.',
      ),
      element('div', 'boot-grid boot-home', {}, [element('div', 'boot-card', {}, [picture])]),
    ]);
    if (draw(home)) startAfter(picture, 'home');
    else start('home');
  } else if (list) {
    listPreview(list[1]);
  } else {
    start('');
  }
})();
