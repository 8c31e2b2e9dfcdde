// What the scripts of Muster's pages share, inlined before each (SelfContainedPage): the page's
// data (the JSON in #muster-data), the charts kept by element id in window.musterCharts for the
// browser tests, and the formatters. A page's script sets data-ready="true" on the body when done.
window.musterPage = (function () {
  'use strict';
  var charts = {};
  window.musterCharts = charts;
  return {
    data: JSON.parse(document.getElementById('muster-data').textContent),
    charts: charts,
    // Drawn at once: a page read later (or a screenshot) shows the whole chart, not a growing one.
    chart: function (id, option) {
      var c = echarts.init(document.getElementById(id), null, {renderer: 'canvas'});
      option.animation = false;
      c.setOption(option);
      charts[id] = c;
      return c;
    },
    fmt: function (n) {
      if (n === null || n === undefined) { return ''; }
      return Math.abs(n) >= 1e6 || (Math.abs(n) < 0.01 && n !== 0) ? n.toExponential(2) : String(Math.round(n * 100) / 100);
    },
    dur: function (s) {
      s = Math.round(s);
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
      return (h ? h + 'h' : '') + (h || m ? m + 'm' : '') + r + 's';
    },
    esc: function (s) {
      return String(s).replace(/[&<>"']/g, function (c) {
        return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
      });
    }
  };
})();
