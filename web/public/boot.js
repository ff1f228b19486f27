/* global document, location */
// Preloads what the first screen of the opened address needs before the app's JavaScript has run
// (docs/performance.md, "Lighthouse"): the product image (its 400 px variant or the full one, as the
// <img srcset> will pick) and the product read of a product page, the first card's image of the home
// page, and the screen's own chunks (home, product list, product page). A plain file under the web root, so the Content-Security-Policy (script-src 'self') allows it.
(function () {
  // Filled in by the build (web/vite.config.ts, bootRoutes): each first screen's chunks.
  var ROUTES = {};
  var head = document.head;
  function preload(attrs) {
    var link = document.createElement('link');
    link.rel = 'preload';
    for (var key in attrs) link.setAttribute(key, attrs[key]);
    head.appendChild(link);
  }
  function image(id, sizes) {
    var base = '/assets/img/products/' + id + '/' + id;
    preload({
      as: 'image',
      href: base + '.jpeg',
      imagesrcset: base + '-400.jpeg 400w, ' + base + '.jpeg 800w',
      imagesizes: sizes,
      fetchpriority: 'high',
    });
  }
  function modules(name) {
    var files = ROUTES[name] || [];
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      head.appendChild(link);
    }
  }
  var path = location.pathname;
  var product = /^\/product\/[^/]+\/(\d+)\/?$/.exec(path);
  if (product) {
    image(product[1], '(min-width: 1200px) 460px, (min-width: 900px) 37vw, 100vw');
    preload({ as: 'fetch', href: '/api/products/' + product[1], crossorigin: 'anonymous' });
    modules('product');
  } else if (path === '/' || path === '') {
    image('130', '(min-width: 1200px) 370px, (min-width: 900px) 31vw, (min-width: 600px) 47vw, 100vw');
    modules('home');
  } else if (/^\/products\/\d+\/?$/.test(path)) {
    modules('products');
  }
})();
