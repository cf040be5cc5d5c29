// Draws the lineage picture: dagre lays the graph out left to right, this file draws SVG.
// A node with columns can be expanded into them; clicking a column (or Enter on it) lights
// every column upstream and downstream of it, through the column edges of the graph's data.
// User text only ever goes in through textContent and setAttribute, never innerHTML.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var ROW = 20;

  function el(name, attributes) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  function textWidth(svg, text, className) {
    var probe = el("text", { class: className });
    probe.textContent = text;
    svg.appendChild(probe);
    var width = probe.getComputedTextLength();
    svg.removeChild(probe);
    return width;
  }

  function columnKey(node, column) { return node + "\u001f\u001f" + column; }

  // Every column reachable from ``start`` against (upstream) or along (downstream) the edges;
  // a view reading a column only in a condition is lit as a whole node.
  function reach(graph, start) {
    var up = {}, down = {}, nodes = {};
    var edges = graph.column_edges || [];
    function walk(seen, forward) {
      var stack = [start];
      while (stack.length) {
        var current = stack.pop();
        edges.forEach(function (e) {
          var from = columnKey(forward ? e.source : e.target, forward ? e.source_column : e.target_column);
          if (from !== current) { return; }
          if (forward && !e.target_column) { nodes[e.target] = true; return; }
          var to = columnKey(forward ? e.target : e.source, forward ? e.target_column : e.source_column);
          if (!seen[to]) { seen[to] = true; stack.push(to); }
        });
      }
    }
    walk(up, false);
    walk(down, true);
    return { up: up, down: down, nodes: nodes };
  }

  function draw(container, graph, state) {
    var lib = window.dagre && (window.dagre.layout ? window.dagre : window.dagre.default);
    if (!lib || !graph.nodes.length) { return; }
    container.textContent = "";
    var svg = el("svg", { role: "group", class: "lineage-svg", "aria-label": "Lineage graph" });
    var title = el("title");
    title.textContent = "Lineage graph";
    svg.appendChild(title);
    container.appendChild(svg);
    var lit = state.selected ? reach(graph, state.selected) : null;

    var g = new lib.graphlib.Graph();
    g.setGraph({ rankdir: "LR", nodesep: 24, ranksep: 64, marginx: 8, marginy: 8 });
    g.setDefaultEdgeLabel(function () { return {}; });
    graph.nodes.forEach(function (node) {
      var kind = node.kind === "missing" ? "gone" : node.kind.charAt(0).toUpperCase();
      var kindWidth = textWidth(svg, kind, "node-kind");
      var width = Math.min(textWidth(svg, node.label, "node-label"), 420) + kindWidth + 32;
      var columns = state.expanded[node.id] ? (node.columns || []) : [];
      columns.forEach(function (c) { width = Math.max(width, Math.min(textWidth(svg, c, "column-label"), 420) + 40); });
      if ((node.columns || []).length) { width += 28; }
      g.setNode(node.id, { node: node, kind: kind, kindWidth: kindWidth, columns: columns,
        width: width, height: 36 + (columns.length ? columns.length * ROW + 6 : 0) });
    });
    graph.edges.forEach(function (edge) { g.setEdge(edge.source, edge.target, { broken: edge.broken }); });
    lib.layout(g);

    var defs = el("defs");
    ["ok", "broken"].forEach(function (kind) {
      var marker = el("marker", { id: "arrow-" + kind, viewBox: "0 0 10 10", refX: "10", refY: "5",
        markerWidth: "8", markerHeight: "8", orient: "auto-start-reverse" });
      marker.appendChild(el("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow-" + kind }));
      defs.appendChild(marker);
    });
    svg.appendChild(defs);

    g.edges().forEach(function (e) {
      var edge = g.edge(e);
      var d = edge.points.map(function (p, i) { return (i ? "L" : "M") + p.x + " " + p.y; }).join(" ");
      var kind = edge.broken ? "broken" : "ok";
      svg.appendChild(el("path", { d: d, class: "edge edge-" + kind, "marker-end": "url(#arrow-" + kind + ")" }));
    });

    var places = {};  // column key -> {x left, x right, y} of an expanded column row
    g.nodes().forEach(function (id) {
      var box = g.node(id);
      var node = box.node;
      var left = box.x - box.width / 2, top = box.y - box.height / 2;
      var classes = "node node-" + node.kind + " status-" + node.status + (node.current ? " current" : "");
      if (lit && lit.nodes[node.id]) { classes += " reads-lit"; }
      var group = el("g", { class: classes, "data-id": node.id });
      var target = group;
      if (node.url) {
        var link = el("a", { href: node.url });
        group.appendChild(link);
        target = link;
      }
      target.appendChild(el("rect", { x: left, y: top, width: box.width, height: box.height, rx: 6 }));
      var kind = el("text", { x: left + 8, y: top + 23, class: "node-kind" });
      kind.textContent = box.kind;
      target.appendChild(kind);
      var label = el("text", { x: left + 8 + box.kindWidth + 10, y: top + 23, class: "node-label" });
      label.textContent = node.label;
      target.appendChild(label);
      var tip = el("title");
      tip.textContent = node.kind + " " + node.label + (node.status !== "ok" ? " (" + node.status + ")" : "");
      target.appendChild(tip);
      if ((node.columns || []).length) {
        var open = !!state.expanded[node.id];
        var toggle = el("g", { class: "node-toggle", role: "button", tabindex: "0",
          "aria-expanded": open ? "true" : "false",
          "aria-label": (open ? "Hide the columns of " : "Show the columns of ") + node.label });
        toggle.appendChild(el("rect", { x: left + box.width - 26, y: top + 8, width: 20, height: 20, rx: 4 }));
        var sign = el("text", { x: left + box.width - 20, y: top + 23, class: "toggle-sign" });
        sign.textContent = open ? "\u2212" : "+";
        toggle.appendChild(sign);
        activate(toggle, function () {
          state.expanded[node.id] = !open;
          draw(container, graph, state);
        });
        group.appendChild(toggle);
      }
      box.columns.forEach(function (column, i) {
        var key = columnKey(node.id, column);
        var y = top + 36 + i * ROW;
        var cls = "column";
        if (lit) {
          if (key === state.selected) { cls += " column-selected"; }
          else if (lit.up[key]) { cls += " column-upstream"; }
          else if (lit.down[key]) { cls += " column-downstream"; }
        }
        var row = el("g", { class: cls, role: "button", tabindex: "0", "data-column": column,
          "aria-pressed": key === state.selected ? "true" : "false",
          "aria-label": "Column " + column + " of " + node.label });
        row.appendChild(el("rect", { x: left + 4, y: y, width: box.width - 8, height: ROW - 2, rx: 3 }));
        var text = el("text", { x: left + 12, y: y + 14, class: "column-label" });
        text.textContent = column;
        row.appendChild(text);
        activate(row, function () {
          state.selected = state.selected === key ? null : key;
          draw(container, graph, state);
          var again = container.querySelector('[data-id="' + CSS.escape(node.id) + '"] [data-column="' + CSS.escape(column) + '"]');
          if (again) { again.focus(); }
        });
        group.appendChild(row);
        places[key] = { left: left + 4, right: left + box.width - 4, y: y + ROW / 2 - 1 };
      });
      svg.appendChild(group);
    });

    (graph.column_edges || []).forEach(function (e) {
      var from = places[columnKey(e.source, e.source_column)];
      var to = places[columnKey(e.target, e.target_column)];
      if (!from || !to) { return; }
      var on = lit && (columnKey(e.source, e.source_column) === state.selected || lit.up[columnKey(e.source, e.source_column)] || lit.down[columnKey(e.source, e.source_column)]) &&
        (columnKey(e.target, e.target_column) === state.selected || lit.up[columnKey(e.target, e.target_column)] || lit.down[columnKey(e.target, e.target_column)]);
      var bend = Math.max(24, (to.left - from.right) / 2);
      svg.appendChild(el("path", { class: "column-edge column-edge-" + e.how + (on ? " column-edge-lit" : ""),
        d: "M" + from.right + " " + from.y + " C" + (from.right + bend) + " " + from.y + " " +
          (to.left - bend) + " " + to.y + " " + to.left + " " + to.y }));
    });

    var size = g.graph();
    svg.setAttribute("viewBox", "0 0 " + size.width + " " + size.height);
    svg.setAttribute("width", size.width);
    svg.setAttribute("height", size.height);
    describe(container, graph, state, lit);
  }

  function activate(element, action) {
    element.addEventListener("click", function (event) { event.preventDefault(); action(); });
    element.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
    });
  }

  // The highlighted columns in words, for every reader (and for tests): the live region
  // named by the container's data-status.
  function describe(container, graph, state, lit) {
    var status = document.getElementById(container.dataset.status || "");
    if (!status) { return; }
    if (!lit) { status.textContent = "Choose a column to see what it derives from and what derives from it."; return; }
    var labels = {};
    graph.nodes.forEach(function (n) { labels[n.id] = n.label; });
    function names(set) {
      return Object.keys(set).map(function (key) {
        var parts = key.split("\u001f\u001f");
        return labels[parts[0]] + "." + parts[1];
      }).sort();
    }
    var chosen = state.selected.split("\u001f\u001f");
    var up = names(lit.up), down = names(lit.down);
    var readers = Object.keys(lit.nodes).map(function (id) { return labels[id]; }).sort();
    status.textContent = labels[chosen[0]] + "." + chosen[1] +
      ": upstream " + (up.length ? up.join(", ") : "none") +
      "; downstream " + (down.length ? down.join(", ") : "none") +
      (readers.length ? "; read in a condition by " + readers.join(", ") : "") + ".";
  }

  function init() {
    document.querySelectorAll("[data-graph]").forEach(function (container) {
      if (container.dataset.drawn) { return; }
      container.dataset.drawn = "1";
      var data = document.getElementById(container.dataset.graph);
      if (data) { draw(container, JSON.parse(data.textContent), { expanded: {}, selected: null }); }
    });
  }

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();
