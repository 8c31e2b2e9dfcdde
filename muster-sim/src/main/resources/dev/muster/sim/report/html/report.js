// Draws the charts of muster simulate --html from the JSON in #muster-data, with Apache ECharts
// (inlined before this script). Each chart's instance is kept in window.musterCharts by element id,
// and the body gets data-ready="true" once all are drawn (the browser tests wait for it).
(function () {
  'use strict';
  var page = window.musterPage, data = page.data, charts = page.charts, chart = page.chart;
  var fmt = page.fmt, dur = page.dur, esc = page.esc;
  // A run that ended at once (everything admitted at 0s, nothing finishing) still gets a time axis:
  // the state at its end holds after it, drawn over a minute.
  var end = data.endSeconds > 0 ? data.endSeconds : 60;

  var timeAxis = {type: 'value', name: 'seconds', min: 0, max: end, axisLabel: {formatter: function (v) { return dur(v); }}};

  // --- usage against quota, per queue: % of the nominal quota (or of a KAI queue's fair share)
  var queueCharts = document.getElementById('queue-charts');
  data.queues.forEach(function (q, i) {
    var keys = {};
    Object.keys(q.nominal).forEach(function (k) { keys[k] = true; });
    q.samples.forEach(function (s) { Object.keys(s.usage).forEach(function (k) { keys[k] = true; }); });
    var names = Object.keys(keys).sort();
    if (names.length === 0) { return; }
    var title = document.createElement('h3');
    title.textContent = q.name + ' (' + q.kind + (q.parent ? ', in ' + q.parent : '') + ')';
    var div = document.createElement('div');
    div.className = 'chart';
    div.id = 'chart-queue-' + i;
    div.setAttribute('data-queue', q.name);
    queueCharts.appendChild(title);
    queueCharts.appendChild(div);
    function reference(key, sample) {
      var resource = key.substring(key.indexOf('/') + 1);
      if (q.kind === 'KAI Queue' && sample.fairShare && sample.fairShare[resource] > 0) { return sample.fairShare[resource]; }
      return q.nominal[key] || 0;
    }
    var series = names.map(function (key) {
      var points = q.samples.map(function (s) {
        var used = s.usage[key] || 0, ref = reference(key, s);
        return {value: [s.atSeconds, ref > 0 ? used / ref * 100 : used], used: used, ref: ref};
      });
      if (points.length) {
        var last = points[points.length - 1];
        points.push({value: [end, last.value[1]], used: last.used, ref: last.ref});
      }
      return {name: key, type: 'line', step: 'end', showSymbol: false, data: points};
    });
    series[0].markLine = {silent: true, symbol: 'none', lineStyle: {type: 'dashed', color: '#888'},
      data: [{yAxis: 100, name: 'quota'}], label: {formatter: '100%'}};
    chart(div.id, {
      tooltip: {trigger: 'axis', formatter: function (items) {
        return dur(items[0].value[0]) + '<br>' + items.map(function (it) {
          var d = it.data;
          return esc(it.seriesName) + ': ' + fmt(d.used) + (d.ref > 0 ? ' of ' + fmt(d.ref) + ' (' + Math.round(d.value[1]) + '%)' : '');
        }).join('<br>');
      }},
      legend: {type: 'scroll', top: 0},
      grid: {left: 60, right: 30, top: 40, bottom: 40},
      xAxis: timeAxis,
      yAxis: {type: 'value', name: '% of quota', max: function (v) { return Math.max(110, Math.ceil(v.max / 10) * 10); }},
      series: series
    });
  });

  // --- pending workloads over time, per queue that ever held or awaited a workload
  var pendingQueues = data.queues.filter(function (q) {
    return q.leaf && q.samples.some(function (s) { return s.pending > 0 || s.admitted > 0; });
  });
  chart('chart-pending', {
    tooltip: {trigger: 'axis'},
    legend: {type: 'scroll', top: 0},
    grid: {left: 60, right: 30, top: 40, bottom: 40},
    xAxis: timeAxis,
    yAxis: {type: 'value', name: 'pending', minInterval: 1},
    series: pendingQueues.map(function (q) {
      var points = q.samples.map(function (s) { return [s.atSeconds, s.pending]; });
      if (points.length) { points.push([end, points[points.length - 1][1]]); }
      return {name: q.name, type: 'line', step: 'end', showSymbol: false, data: points};
    })
  });

  // --- the timeline (Gantt): a row per workload, waiting and running spans, evictions marked
  var rows = data.workloads.map(function (w) { return w.name; });
  var waiting = [], running = [], evictions = [];
  // Each workload's life in order: it waits from its creation; an admission starts a run; an
  // eviction ends the run and it waits again; its finish ends the run. What is open at the end runs to it.
  data.workloads.forEach(function (w, row) {
    var steps = [];
    (w.admissions || []).forEach(function (a) { steps.push({at: a, what: 'admit'}); });
    (w.evictions || []).forEach(function (e) { steps.push({at: e.atSeconds, what: 'evict', eviction: e}); });
    if (w.finished !== undefined) { steps.push({at: w.finished, what: 'finish'}); }
    // At one instant an eviction or a finish comes before a new admission.
    steps.sort(function (a, b) { return a.at - b.at || (a.what === 'admit') - (b.what === 'admit'); });
    var state = 'waiting', since = w.created;
    function close(at, tip) {
      (state === 'waiting' ? waiting : running).push({value: [row, since, at], name: w.name, tip: tip});
    }
    steps.forEach(function (s) {
      if (s.what === 'admit' && state === 'waiting') {
        close(s.at, 'waited ' + dur(s.at - since) + ' from ' + dur(since));
        state = 'running'; since = s.at;
      } else if (s.what === 'evict') {
        var e = s.eviction;
        evictions.push({value: [s.at, row], name: w.name,
          tip: 'evicted at ' + dur(s.at) + ': ' + e.reason + (e.preemptedBy ? ' by ' + e.preemptedBy : '') + (e.detail ? ' — ' + e.detail : '')});
        if (state === 'running') {
          close(s.at, 'held quota from ' + dur(since) + ' until evicted at ' + dur(s.at));
          state = 'waiting'; since = s.at;
        }
      } else if (s.what === 'finish' && state === 'running') {
        close(s.at, 'ran from ' + dur(since) + ', finished at ' + dur(s.at));
        state = 'done';
      }
    });
    if (state === 'waiting') {
      close(end, 'waiting since ' + dur(since) + (w.message ? ': ' + w.message : ''));
    } else if (state === 'running') {
      close(end, 'holding quota since ' + dur(since) + ' at the end of the run');
    }
  });
  function span(color) {
    return function (params, api) {
      var start = api.coord([api.value(1), api.value(0)]);
      var stop = api.coord([api.value(2), api.value(0)]);
      var h = Math.max(2, api.size([0, 1])[1] * 0.6);
      var shape = echarts.graphic.clipRectByRect({x: start[0], y: start[1] - h / 2, width: Math.max(1, stop[0] - start[0]), height: h},
        {x: params.coordSys.x, y: params.coordSys.y, width: params.coordSys.width, height: params.coordSys.height});
      return shape && {type: 'rect', shape: shape, style: api.style({fill: color})};
    };
  }
  document.getElementById('timeline-note').textContent = data.workloadsInAll > rows.length
    ? 'The first ' + rows.length + ' workloads created, of ' + data.workloadsInAll + '.' : rows.length + ' workloads.';
  chart('chart-timeline', {
    tooltip: {formatter: function (p) { return esc(p.data.name) + '<br>' + esc(p.data.tip); }},
    grid: {left: 220, right: 40, top: 20, bottom: 60},
    dataZoom: [{type: 'slider', yAxisIndex: 0, right: 5, width: 14}, {type: 'inside', yAxisIndex: 0}],
    xAxis: timeAxis,
    yAxis: {type: 'category', data: rows, inverse: true, axisLabel: {fontSize: 10}},
    series: [
      {name: 'waiting', type: 'custom', renderItem: span('#c8c8c8'), encode: {x: [1, 2], y: 0}, data: waiting},
      {name: 'running', type: 'custom', renderItem: span('#4a7fc1'), encode: {x: [1, 2], y: 0}, data: running},
      {name: 'evictions', type: 'scatter', symbol: 'diamond', symbolSize: 10, itemStyle: {color: '#d9534f'}, data: evictions}
    ]
  });

  // --- waits per queue
  chart('chart-waits', {
    tooltip: {trigger: 'axis', formatter: function (items) {
      var w = data.waits[items[0].dataIndex];
      return esc(w.queue) + '<br>median ' + dur(w.p50Seconds) + ', p95 ' + dur(w.p95Seconds) + ', longest ' + dur(w.maxSeconds)
        + '<br>' + w.admitted + ' admitted' + (w.stillWaiting ? ', ' + w.stillWaiting + ' never admitted' : '');
    }},
    legend: {top: 0},
    grid: {left: 60, right: 30, top: 40, bottom: 60},
    xAxis: {type: 'category', data: data.waits.map(function (w) { return w.queue; })},
    yAxis: {type: 'value', name: 'seconds'},
    series: [
      {name: 'median', type: 'bar', data: data.waits.map(function (w) { return w.p50Seconds; })},
      {name: 'p95', type: 'bar', data: data.waits.map(function (w) { return w.p95Seconds; })}
    ]
  });

  // --- GPUs held over time, and each node's devices at the peak
  var held = data.gpus.held.map(function (p) { return [p.atSeconds, p.value]; });
  if (held.length) { held.push([end, held[held.length - 1][1]]); }
  chart('chart-gpus', {
    tooltip: {trigger: 'axis'},
    grid: {left: 60, right: 30, top: 30, bottom: 40},
    xAxis: timeAxis,
    yAxis: {type: 'value', name: 'GPUs', max: Math.max(data.gpus.capacity, 1)},
    series: [{name: 'GPUs held', type: 'line', step: 'end', showSymbol: false, areaStyle: {opacity: 0.2}, data: held,
      markLine: {silent: true, symbol: 'none', lineStyle: {type: 'dashed'}, data: [{yAxis: data.gpus.capacity}],
        label: {formatter: 'capacity ' + fmt(data.gpus.capacity)}}}]
  });
  var peak = data.gpus.peak;
  var nodesEl = document.getElementById('chart-nodes');
  if (!peak.nodes.length) {
    nodesEl.style.display = 'none';
    document.getElementById('nodes-note').textContent = 'No GPU nodes in this scenario: GPUs are counted by quota only.';
  } else {
    document.getElementById('nodes-note').textContent = 'Each node\'s GPU devices at ' + dur(peak.atSeconds)
      + ', when the most GPUs were held: the share of each device held; a number is how many pods share it.';
    var nodeNames = peak.nodes.map(function (n) { return n.node; });
    var maxDevices = Math.max.apply(null, peak.nodes.map(function (n) { return n.devices.length; }));
    var cells = [];
    peak.nodes.forEach(function (n, y) {
      n.devices.forEach(function (d) { cells.push({value: [d.index, y, d.held], pods: d.pods}); });
    });
    nodesEl.style.height = Math.min(2000, Math.max(200, 24 * nodeNames.length + 80)) + 'px';
    chart('chart-nodes', {
      tooltip: {formatter: function (p) {
        return esc(nodeNames[p.data.value[1]]) + ', GPU ' + p.data.value[0] + ': ' + Math.round(p.data.value[2] * 100) + '% held by '
          + p.data.pods + (p.data.pods === 1 ? ' pod' : ' pods');
      }},
      grid: {left: 200, right: 80, top: 10, bottom: 40},
      xAxis: {type: 'category', name: 'device', data: Array.apply(null, Array(maxDevices)).map(function (_, i) { return i; })},
      yAxis: {type: 'category', data: nodeNames, inverse: true},
      visualMap: {min: 0, max: 1, calculable: false, orient: 'vertical', right: 0, top: 'center', text: ['held', 'free'],
        inRange: {color: ['#eef3f9', '#1f3a5f']}},
      series: [{name: 'devices', type: 'heatmap', data: cells,
        label: {show: true, formatter: function (p) { return p.data.pods > 1 ? String(p.data.pods) : ''; }, color: '#fff'}}]
    });
  }

  window.addEventListener('resize', function () {
    Object.keys(charts).forEach(function (id) { charts[id].resize(); });
  });
  document.body.setAttribute('data-ready', 'true');
})();
