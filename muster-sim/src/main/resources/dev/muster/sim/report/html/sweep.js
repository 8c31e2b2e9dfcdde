// Draws the charts of muster compare --sweep --html from the JSON in #muster-data (the SweepResult
// record), with Apache ECharts (inlined before this script). Charts are kept in window.musterCharts
// by element id; the body gets data-ready="true" once all are drawn (the browser tests wait for it).
(function () {
  'use strict';
  var page = window.musterPage, data = page.data, charts = page.charts, chart = page.chart;
  var xAxis = {type: 'value', name: data.clusterQueue + ' ' + data.flavorResource, nameLocation: 'middle', nameGap: 30,
    scale: true};

  // Every queue of any run, in name order; a run where a queue admitted nothing has no point for it.
  var queues = [];
  data.points.forEach(function (p) {
    p.figures.waits.forEach(function (w) { if (queues.indexOf(w.queue) < 0) { queues.push(w.queue); } });
  });
  queues.sort();
  var palette = ['#1f3a5f', '#c8651b', '#3b8c5a', '#8e44ad', '#b03a2e', '#2e86c1', '#7d6608', '#566573'];
  var series = [];
  queues.forEach(function (queue, i) {
    ['p50', 'p95'].forEach(function (q) {
      series.push({
        name: queue + ' ' + q, type: 'line', symbolSize: 7,
        lineStyle: {type: q === 'p50' ? 'solid' : 'dashed'}, itemStyle: {color: palette[i % palette.length]},
        data: data.points.map(function (p) {
          var w = p.figures.waits.filter(function (x) { return x.queue === queue; })[0];
          return [p.valueUnits, w && w.admitted > 0 ? w[q + 'Seconds'] : null];
        })
      });
    });
  });
  chart('chart-sweep-waits', {
    tooltip: {trigger: 'axis'},
    legend: {top: 0, type: 'scroll'},
    grid: {left: 70, right: 30, top: 50, bottom: 60},
    xAxis: xAxis,
    yAxis: {type: 'value', name: 'seconds'},
    series: series
  });

  chart('chart-sweep-utilization', {
    tooltip: {trigger: 'axis', valueFormatter: function (v) { return v === null || v === undefined ? '-' : v + '%'; }},
    grid: {left: 70, right: 30, top: 30, bottom: 60},
    xAxis: xAxis,
    yAxis: {type: 'value', name: '% of nominal quota'},
    series: [{
      name: data.flavorResource, type: 'line', symbolSize: 7, itemStyle: {color: '#1f3a5f'},
      data: data.points.map(function (p) {
        var u = p.figures.utilization.filter(function (x) { return x.flavorResource === data.flavorResource; })[0];
        return [p.valueUnits, u && u.utilization !== null ? Math.round(u.utilization * 1000) / 10 : null];
      })
    }]
  });

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (id) { charts[id].resize(); });
  });
  document.body.setAttribute('data-ready', 'true');
})();
