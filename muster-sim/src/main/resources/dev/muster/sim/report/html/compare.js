// Draws the charts of muster compare --html from the JSON in #muster-data (the Comparison record),
// with Apache ECharts (inlined before this script). Charts are kept in window.musterCharts by
// element id; the body gets data-ready="true" once all are drawn (the browser tests wait for it).
(function () {
  'use strict';
  var page = window.musterPage, data = page.data, charts = page.charts, chart = page.chart;
  // A queue with nothing admitted in a run has no wait to draw: no bar rather than a bar at 0.
  function wait(w, field) {
    return w && w.admitted > 0 ? w[field] : null;
  }
  function percent(u) {
    return u && u.utilization !== null && u.utilization !== undefined ? Math.round(u.utilization * 1000) / 10 : null;
  }

  var queues = data.queues.map(function (q) { return q.queue; });
  chart('chart-waits', {
    tooltip: {trigger: 'axis'},
    legend: {top: 0},
    grid: {left: 60, right: 30, top: 40, bottom: 60},
    xAxis: {type: 'category', data: queues},
    yAxis: {type: 'value', name: 'seconds'},
    series: [
      {name: 'A p50', type: 'bar', itemStyle: {color: '#9db8da'}, data: data.queues.map(function (q) { return wait(q.aWaits, 'p50Seconds'); })},
      {name: 'B p50', type: 'bar', itemStyle: {color: '#f2b880'}, data: data.queues.map(function (q) { return wait(q.bWaits, 'p50Seconds'); })},
      {name: 'A p95', type: 'bar', itemStyle: {color: '#1f3a5f'}, data: data.queues.map(function (q) { return wait(q.aWaits, 'p95Seconds'); })},
      {name: 'B p95', type: 'bar', itemStyle: {color: '#c8651b'}, data: data.queues.map(function (q) { return wait(q.bWaits, 'p95Seconds'); })}
    ]
  });

  chart('chart-utilization', {
    tooltip: {trigger: 'axis', valueFormatter: function (v) { return v === null || v === undefined ? '-' : v + '%'; }},
    legend: {top: 0},
    grid: {left: 60, right: 30, top: 40, bottom: 90},
    xAxis: {type: 'category', data: data.utilization.map(function (u) { return u.flavorResource; }),
      axisLabel: {rotate: 30, fontSize: 11}},
    yAxis: {type: 'value', name: '% of nominal quota'},
    series: [
      {name: 'A', type: 'bar', itemStyle: {color: '#1f3a5f'}, data: data.utilization.map(function (u) { return percent(u.a); })},
      {name: 'B', type: 'bar', itemStyle: {color: '#c8651b'}, data: data.utilization.map(function (u) { return percent(u.b); })}
    ]
  });

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (id) { charts[id].resize(); });
  });
  document.body.setAttribute('data-ready', 'true');
})();
