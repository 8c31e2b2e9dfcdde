// Draws the charts of backfill-study --html from the JSON in #muster-data (StudyPage.Data), with
// Apache ECharts (inlined before this script). Per study: the p95 and the p50 wait by gang size, one
// bar per policy, and GPU utilization (over the makespan and while jobs arrive) with makespan per
// policy. Charts are kept in window.musterCharts by element id; the body gets data-ready="true" once
// all are drawn (the browser test waits for it).
(function () {
  'use strict';
  var page = window.musterPage, data = page.data, charts = page.charts, chart = page.chart;
  var palette = ['#1f3a5f', '#c8651b', '#3b8c5a', '#8e44ad', '#b03a2e', '#2e86c1'];
  var hours = function (v) { return v === null || v === undefined ? '-' : v.toFixed(2) + ' h'; };

  data.studies.forEach(function (study) {
    var measured = study.policies.filter(function (p) { return p.measured; });
    ['p95', 'p50'].forEach(function (q) {
      chart('chart-' + study.id + '-' + q, {
        tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}, valueFormatter: hours},
        legend: {top: 0},
        grid: {left: 70, right: 30, top: 40, bottom: 50},
        xAxis: {type: 'category', name: 'GPUs per gang', nameLocation: 'middle', nameGap: 30, data: study.classes},
        yAxis: {type: 'value', name: 'hours'},
        series: measured.map(function (p, i) {
          return {name: p.label, type: 'bar', itemStyle: {color: palette[i % palette.length]},
            data: p[q + 'Hours']};
        })
      });
    });
    chart('chart-' + study.id + '-totals', {
      tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
      legend: {top: 0},
      grid: {left: 70, right: 70, top: 40, bottom: 40},
      xAxis: {type: 'category', data: measured.map(function (p) { return p.label; })},
      yAxis: [{type: 'value', name: 'GPU utilization, %', min: 0, max: 100},
        {type: 'value', name: 'makespan, h', min: 0}],
      series: [
        {name: 'GPU utilization', type: 'bar', itemStyle: {color: '#1f3a5f'},
          tooltip: {valueFormatter: function (v) { return v + ' %'; }},
          data: measured.map(function (p) { return p.utilizationPercent; })},
        {name: 'GPU utilization while jobs arrive', type: 'bar', itemStyle: {color: '#3b8c5a'},
          tooltip: {valueFormatter: function (v) { return v + ' %'; }},
          data: measured.map(function (p) { return p.utilizationWhileArrivingPercent; })},
        {name: 'makespan', type: 'bar', yAxisIndex: 1, itemStyle: {color: '#c8651b'},
          tooltip: {valueFormatter: hours},
          data: measured.map(function (p) { return p.makespanHours; })}
      ]
    });
  });

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (id) { charts[id].resize(); });
  });
  document.body.setAttribute('data-ready', 'true');
})();
