// Draws the lineage picture: dagre lays the graph out left to right, this file draws SVG.
// User text only ever goes in through textContent and setAttribute, never innerHTML.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";

  function el(name, attributes) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  function textWidth(svg, text) {
    var probe = el("text", { class: "node-label" });
    probe.textContent = text;
    svg.appendChild(probe);
    var width = probe.getComputedTextLength();
    svg.removeChild(probe);
    return width;
  }

  function draw(container, graph) {
    var lib = window.dagre && (window.dagre.layout ? window.dagre : window.dagre.default);
    if (!lib || !graph.nodes.length) { return; }
    var svg = el("svg", { role: "img", class: "lineage-svg" });
    var title = el("title");
    title.textContent = "Lineage graph";
    svg.appendChild(title);
    container.appendChild(svg);

    var g = new lib.graphlib.Graph();
    g.setGraph({ rankdir: "LR", nodesep: 24, ranksep: 64, marginx: 8, marginy: 8 });
    g.setDefaultEdgeLabel(function () { return {}; });
    graph.nodes.forEach(function (node) {
      g.setNode(node.id, { node: node, width: Math.min(textWidth(svg, node.label), 420) + 56, height: 36 });
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
      var path = el("path", { d: d, class: "edge edge-" + kind, "marker-end": "url(#arrow-" + kind + ")" });
      svg.appendChild(path);
    });

    g.nodes().forEach(function (id) {
      var box = g.node(id);
      var node = box.node;
      var group = el("g", { class: "node node-" + node.kind + " status-" + node.status + (node.current ? " current" : "") });
      var target = group;
      if (node.url) {
        var link = el("a", { href: node.url });
        group.appendChild(link);
        target = link;
      }
      target.appendChild(el("rect", { x: box.x - box.width / 2, y: box.y - box.height / 2,
        width: box.width, height: box.height, rx: 6 }));
      var kind = el("text", { x: box.x - box.width / 2 + 8, y: box.y + 5, class: "node-kind" });
      kind.textContent = node.kind === "missing" ? "gone" : node.kind.charAt(0).toUpperCase();
      target.appendChild(kind);
      var label = el("text", { x: box.x - box.width / 2 + 40, y: box.y + 5, class: "node-label" });
      label.textContent = node.label;
      target.appendChild(label);
      var tip = el("title");
      tip.textContent = node.kind + " " + node.label + (node.status !== "ok" ? " (" + node.status + ")" : "");
      target.appendChild(tip);
      svg.appendChild(group);
    });

    var size = g.graph();
    svg.setAttribute("viewBox", "0 0 " + size.width + " " + size.height);
    svg.setAttribute("width", size.width);
    svg.setAttribute("height", size.height);
  }

  function init() {
    document.querySelectorAll("[data-graph]").forEach(function (container) {
      if (container.dataset.drawn) { return; }
      container.dataset.drawn = "1";
      var data = document.getElementById(container.dataset.graph);
      if (data) { draw(container, JSON.parse(data.textContent)); }
    });
  }

  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();
