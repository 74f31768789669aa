extension ExplorerAssets {
    /// The page's behaviour. Plain DOM, no library. Every text from the data goes through
    /// `textContent` (via `h`), never through markup.
    ///
    /// Pan and zoom move one CSS transform on the stage holding the SVG, once per animation
    /// frame. The stage is its own compositor layer (`will-change: transform`), so the browser
    /// shifts and scales a picture it already drew instead of drawing thousands of services again;
    /// once the view rests at a new scale the layer is drawn again, sharp. Zoomed far out, labels
    /// are not drawn (they would be under a few pixels). Focusing on a big graph hides the rest.
    static let script = #"""
        (() => {
        'use strict';
        const $ = (selector) => document.querySelector(selector);
        const data = JSON.parse($('#digraph-data').textContent);
        const N = data.nodes, E = data.edges, F = data.findings;
        const viewport = $('#viewport'), stage = $('#stage'), svg = $('#layout > svg');
        const details = $('#details'), findingsList = $('#findings');
        const search = $('#search'), suggestions = $('#suggestions'), depthInput = $('#depth'), hideRest = $('#hide-rest');

        /** An element with text children only: strings become text nodes, never markup. */
        function h(tag, props, ...kids) {
          const el = document.createElement(tag);
          for (const [k, v] of Object.entries(props || {})) {
            if (v == null) continue;
            if (k === 'class') el.className = v;
            else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
            else el.setAttribute(k, v);
          }
          el.append(...present(kids));
          return el;
        }
        /** Children without the nulls of optional parts (`append` would write them as "null"). */
        function present(kids) { return kids.flat().filter((kid) => kid != null && kid !== false); }
        function fill(el, ...kids) { el.replaceChildren(...present(kids)); }

        // ---- the graph, indexed ----
        N.forEach((n, i) => {
          n.i = i; n.g = document.getElementById(n.el); n.out = []; n.in = []; n.findings = [];
          // The title is the id exactly (Graphviz reads `&lt;` in a node name as an entity).
          const title = n.g && n.g.querySelector('title');
          if (title && title.textContent !== n.id) title.textContent = n.id;
        });
        E.forEach((e, k) => { e.k = k; e.g = document.getElementById(e.el); N[e.f].out.push(k); N[e.t].in.push(k); });
        F.forEach((f, j) => { f.j = j; for (const i of f.services) N[i].findings.push(j); });
        const byElement = new Map(N.map((n) => [n.el, n]));
        const byID = new Map(N.map((n) => [n.id, n]));
        const byType = new Map();
        for (const n of N) if (n.type) { if (!byType.has(n.type)) byType.set(n.type, []); byType.get(n.type).push(n.i); }

        // ---- pan and zoom ----
        const box = svg.viewBox.baseVal;
        const W = box && box.width ? box.width : svg.getBBox().width, H = box && box.height ? box.height : svg.getBBox().height;
        svg.setAttribute('width', W);
        svg.setAttribute('height', H);
        const view = { x: 0, y: 0, k: 1 };
        /** The view as last drawn: element rectangles on screen follow it, not `view`. */
        const applied = { x: 0, y: 0, k: 1 };
        let frame = 0, rest = 0, rasterK = null, minK = 0.02;
        const maxK = 4;
        const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
        function draw() {
          frame = 0;
          stage.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.k})`;
          Object.assign(applied, view);
          if (!proxyOn) stage.classList.toggle('far', view.k < 0.45);
          stage.dataset.scale = view.k.toFixed(4);
        }
        function redraw() {
          if (!frame) frame = requestAnimationFrame(draw);
          clearTimeout(rest);
          rest = setTimeout(settle, 350);
        }
        /** The stage is a layer of its own, so moving the view moves a picture already drawn; once
         *  the view rests at a new scale, the layer is made again, drawn sharp at that scale. */
        function settle() {
          if (proxyOn) {
            proxyOn = false;
            stage.classList.remove('proxying');
            stage.classList.toggle('far', view.k < 0.45);
          }
          if (rasterK !== null && Math.abs(view.k / rasterK - 1) < 0.1) return;
          rasterK = view.k;
          stage.style.willChange = 'auto';
          requestAnimationFrame(() => requestAnimationFrame(() => { stage.style.willChange = ''; }));
        }
        function fitBox(b) {
          const vw = viewport.clientWidth, vh = viewport.clientHeight, pad = 30;
          const k = clamp(Math.min((vw - 2 * pad) / Math.max(b.w, 1), (vh - 2 * pad) / Math.max(b.h, 1)), minK, 1.25);
          view.k = k;
          view.x = (vw - b.w * k) / 2 - b.x * k;
          view.y = (vh - b.h * k) / 2 - b.y * k;
          redraw();
        }
        function fitAll() {
          const note = $('#view-note');
          if (note) note.hidden = true;
          const vw = viewport.clientWidth, vh = viewport.clientHeight;
          minK = Math.min(0.5, 0.5 * Math.min(vw / W, vh / H));
          fitBox({ x: 0, y: 0, w: W, h: H });
        }
        /** The first view. Fitted whole, a big graph's boxes can be specks (a 117-service app
         *  opened as a thin column of unreadable boxes): then it opens at a scale where a box is
         *  `legiblePx` tall, on the first finding's services, else on the top of the graph; Fit
         *  (0) shows the whole graph. */
        const legiblePx = 16;
        function firstView() {
          fitAll();
          draw();
          const heights = N.slice(0, 400).map((n) => (n.g ? n.g.getBoundingClientRect().height : 0)).filter((v) => v > 0);
          if (!heights.length) return;
          heights.sort((a, b) => a - b);
          const typical = heights[Math.floor(heights.length / 2)] / applied.k;
          if (applied.k * typical >= legiblePx) return;
          // The finding's first service (a god singleton's, not its many dependents').
          const target = F.length && F[0].services.length ? [N[F[0].services[0]].g] : [];
          const b = target.length ? boxOf(target) : null;
          const k = clamp(legiblePx / typical, applied.k, maxK);
          const vw = viewport.clientWidth, vh = viewport.clientHeight;
          // On the finding's services, else the top of the graph, centred across.
          const cx = b ? b.x + b.w / 2 : W / 2, cy = b ? b.y + b.h / 2 : Math.min(H / 2, vh / (2 * k));
          view.k = k;
          view.x = vw / 2 - cx * k;
          view.y = vh / 2 - cy * k;
          draw();
          document.body.dataset.firstView = b ? 'finding' : 'top';
          const note = $('#view-note');
          if (note) { note.hidden = false; note.textContent = 'Zoomed in to read; Fit (0) shows all'; }
        }
        /** The box around some elements, in the SVG's own units. */
        function boxOf(elements) {
          const v = viewport.getBoundingClientRect();
          const s = { left: v.left + applied.x, top: v.top + applied.y };
          let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
          for (const el of elements) {
            if (!el) continue;
            const r = el.getBoundingClientRect();
            if (!r.width && !r.height) continue;
            x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
          }
          if (x0 === Infinity) return null;
          const k = applied.k;
          return { x: (x0 - s.left) / k, y: (y0 - s.top) / k, w: (x1 - x0) / k, h: (y1 - y0) / k };
        }
        // ---- a bitmap of the picture, for zooming big graphs ----
        // A new scale makes the browser draw every SVG element again, frame after frame. On a big
        // graph, while the scale changes, a bitmap of the whole picture (drawn once, after the page
        // has loaded) stands in for it; the picture itself comes back, sharp, when the view rests.
        // Only for the whole graph as drawn: a focus, a finding or a filter zooms the picture.
        let proxy = null, proxyOn = false;
        function makeProxy() {
          if (!data.hideRest || !W || !H) return;
          const scale = Math.min(1, 4096 / Math.max(W, H));
          const image = new Image();
          image.onload = () => {
            const canvas = document.createElement('canvas');
            canvas.width = Math.max(1, Math.round(W * scale));
            canvas.height = Math.max(1, Math.round(H * scale));
            canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
            canvas.className = 'proxy';
            canvas.style.width = W + 'px';
            canvas.style.height = H + 'px';
            stage.append(canvas);
            proxy = canvas;
            document.body.dataset.proxy = 'ready';
          };
          image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
        }
        function useProxy() {
          if (!proxy || proxyOn || overlay || svg.classList.contains('emph') || filtered.length) return;
          proxyOn = true;
          stage.classList.add('proxying');
        }
        function leaveProxy() {
          if (!proxyOn) return;
          proxyOn = false;
          stage.classList.remove('proxying');
        }

        function zoomAt(cx, cy, factor) {
          useProxy();
          const k = clamp(view.k * factor, minK, maxK);
          view.x = cx - (cx - view.x) * k / view.k;
          view.y = cy - (cy - view.y) * k / view.k;
          view.k = k;
          redraw();
        }
        function zoomCentre(factor) { zoomAt(viewport.clientWidth / 2, viewport.clientHeight / 2, factor); }
        viewport.addEventListener('wheel', (e) => {
          e.preventDefault();
          const r = viewport.getBoundingClientRect();
          const unit = e.deltaMode === 1 ? 30 : e.deltaMode === 2 ? 300 : 1;
          zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * unit * 0.0015));
        }, { passive: false });
        let drag = null, dragged = false;
        viewport.addEventListener('pointerdown', (e) => {
          if (e.button !== 0) return;
          drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
          dragged = false;
        });
        window.addEventListener('pointermove', (e) => {
          if (!drag) return;
          const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
          if (!dragged && Math.abs(dx) + Math.abs(dy) < 4) return;
          dragged = true;
          viewport.classList.add('dragging');
          view.x = drag.vx + dx;
          view.y = drag.vy + dy;
          redraw();
        });
        window.addEventListener('pointerup', () => { drag = null; viewport.classList.remove('dragging'); });

        // ---- emphasis: a focus, or a finding ----
        // Dimming: classes on the picture's own elements, the rest drawn faint. Hiding the rest
        // ("hide the rest", the default on big graphs): copies of the emphasised elements in an
        // overlay SVG with the same coordinates, and the picture itself skipped by the browser
        // (content-visibility), so a focus costs what it shows, not the whole graph.
        const state = { seeds: [], focus: null, finding: null, selected: null };
        let marked = [], overlay = null, shownNow = [];
        function unmark() {
          leaveProxy();
          for (const [el, cls] of marked) el.classList.remove(cls);
          marked = [];
          svg.classList.remove('emph');
          if (overlay) { overlay.remove(); overlay = null; }
          stage.classList.remove('overlaying');
        }
        function mark(el, cls) { if (el) { el.classList.add(cls); marked.push([el, cls]); } }
        /** Emphasises nodes and edges (indices) with `cls`; `seeds` also get `seed`. */
        function emphasize(nodes, edges, cls, seeds) {
          unmark();
          if (!hideRest.checked) {
            for (const i of nodes) mark(N[i].g, cls);
            for (const k of edges) mark(E[k].g, cls);
            for (const i of seeds) mark(N[i].g, 'seed');
            svg.classList.add('emph');
            shownNow = nodes.map((i) => N[i].g).concat(edges.map((k) => E[k].g));
            return shownNow;
          }
          const NS = 'http://www.w3.org/2000/svg';
          overlay = document.createElementNS(NS, 'svg');
          for (const name of ['width', 'height', 'viewBox']) if (svg.hasAttribute(name)) overlay.setAttribute(name, svg.getAttribute(name));
          overlay.setAttribute('class', 'overlay');
          const top = svg.querySelector('g.graph');
          const group = top ? top.cloneNode(false) : document.createElementNS(NS, 'g');
          group.removeAttribute('id');
          overlay.append(group);
          const seedSet = new Set(seeds), shown = [];
          const copy = (el, extra) => {
            if (!el) return;
            const c = el.cloneNode(true);
            c.removeAttribute('id');
            c.setAttribute('data-el', el.id);
            c.classList.add(cls);
            if (extra) c.classList.add(extra);
            group.append(c);
            shown.push(c);
          };
          for (const k of edges) copy(E[k].g);
          for (const i of nodes) copy(N[i].g, seedSet.has(i) ? 'seed' : null);
          stage.append(overlay);
          stage.classList.add('overlaying');
          shownNow = shown;
          return shown;
        }

        /** The services within `depth` edges of the seeds, following edges both ways: `--focus --depth`. */
        function neighbourhood(seeds, depth) {
          const kept = new Set(seeds);
          let frontier = [...kept];
          for (let d = 0; d < depth && frontier.length; d++) {
            const next = [];
            for (const i of frontier) {
              for (const k of N[i].out) { const t = E[k].t; if (!kept.has(t)) { kept.add(t); next.push(t); } }
              for (const k of N[i].in) { const f = E[k].f; if (!kept.has(f)) { kept.add(f); next.push(f); } }
            }
            frontier = next;
          }
          return kept;
        }
        function depth() { const d = parseInt(depthInput.value, 10); return Number.isFinite(d) && d >= 0 ? d : 1; }

        function focusOn(seeds, options = {}) {
          state.finding = null;
          state.seeds = [...new Set(seeds)];
          state.focus = neighbourhood(state.seeds, depth());
          const edges = [];
          for (const e of E) if (state.focus.has(e.f) && state.focus.has(e.t)) edges.push(e.k);
          const shown = emphasize([...state.focus], edges, 'in-focus', state.seeds);
          setActive(null);
          if (state.seeds.length === 1) showService(state.seeds[0]);
          else showGroup(state.seeds);
          document.body.dataset.focus = state.seeds.map((i) => N[i].id).join('\n');
          delete document.body.dataset.finding;
          if (options.fit !== false || overlay) fitTo(shown);
        }
        function fitTo(elements) {
          const b = boxOf(elements);
          if (b) fitBox({ x: b.x - 20, y: b.y - 20, w: b.w + 40, h: b.h + 40 });
        }
        function showAll() {
          unmark();
          state.seeds = []; state.focus = null; state.finding = null;
          delete document.body.dataset.focus;
          delete document.body.dataset.finding;
          setActive(null);
          fill(details, h('p', { class: 'hint' }, 'Click a service, search for one, or pick a finding.'));
          fitAll();
        }
        function highlight(j) {
          const f = F[j];
          state.seeds = []; state.focus = null; state.finding = j;
          const shown = emphasize(f.services, f.edges, 'hl', []);
          setActive(j);
          showFinding(j);
          document.body.dataset.finding = String(j);
          delete document.body.dataset.focus;
          if (shown.length) fitTo(shown);
        }
        /** Shows the current focus or finding again (after the filters or "hide the rest" changed). */
        function again() {
          if (state.focus) focusOn(state.seeds, { fit: false });
          else if (state.finding != null) highlight(state.finding);
        }

        // ---- panels ----
        const serviceLink = (i) => h('button', { type: 'button', class: 'link', 'data-service': N[i].id, onclick: () => focusOn([i]) }, N[i].id);
        function siteList(sites) { return h('ul', {}, sites.map((s) => h('li', { class: 'site' }, s))); }
        function row(label, value) { return value == null || value === '' ? null : h('tr', {}, h('th', {}, label), h('td', {}, value)); }
        function edgeItem(k, other) {
          const e = E[k];
          const where = e.sites.map((s) => [s.timing, s.via, s.optional ? 'optional' : null, s.at ? 'at ' + s.at : null].filter(Boolean).join(' '));
          return h('li', {}, serviceLink(other), ' ', h('span', { class: 'site' }, e.kind + (e.rules.length ? ' · ' + e.rules.join(', ') : '')),
            where.length ? h('div', { class: 'site' }, where.join('; ')) : null);
        }
        function findingItem(j) {
          const f = F[j];
          return h('li', {}, h('span', { class: 'sev ' + f.severity }, f.severity), ' ',
            h('button', { type: 'button', class: 'link', onclick: () => highlight(j) }, f.message), ' ', h('span', { class: 'rule' }, f.rule));
        }
        function showService(i) {
          const n = N[i];
          state.selected = i;
          const outgoing = [...new Set(n.out)], incoming = [...new Set(n.in)];
          const what = n.kind === 'missing' ? 'not registered: nothing provides it'
            : n.kind === 'consumer' ? 'consumer: asks for services, nothing asks for it' : null;
          fill(details,
            h('h3', { id: 'details-title' }, n.id),
            what ? h('p', { class: 'hint' }, what) : null,
            n.note ? h('p', { class: 'hint' }, n.note) : null,
            h('table', {},
              row('type', n.type),
              row('lifetime', n.lifetime ? n.lifetime + (n.detail && n.detail !== n.lifetime ? ' (' + n.detail + ')' : '') : null),
              row('program', n.programs.join(', ')),
              row('style', n.style),
              row('container', n.container),
              row('implementation', n.implementation.join(', '))),
            h('h4', {}, `registration sites (${n.sites.length})`),
            n.sites.length ? siteList(n.sites) : h('p', { class: 'hint' }, 'none'),
            h('h4', {}, `dependencies (${outgoing.length})`),
            h('ul', { id: 'dependencies' }, outgoing.map((k) => edgeItem(k, E[k].t))),
            h('h4', {}, `dependents (${incoming.length})`),
            h('ul', { id: 'dependents' }, incoming.map((k) => edgeItem(k, E[k].f))),
            n.findings.length ? h('h4', {}, `findings (${n.findings.length})`) : null,
            n.findings.length ? h('ul', {}, n.findings.map(findingItem)) : null);
          $('#details-panel').open = true;
        }
        function showGroup(seeds) {
          fill(details, h('h3', {}, `${seeds.length} services`), h('ul', {}, seeds.map((i) => h('li', {}, serviceLink(i)))));
        }
        function showFinding(j) {
          const f = F[j];
          fill(details,
            h('h3', {}, h('span', { class: 'sev ' + f.severity }, f.severity), ' ', f.rule),
            h('p', { class: 'message' }, f.message),
            h('p', { class: 'site' }, 'at ' + f.at + (f.program ? ' [' + f.program + ']' : '')),
            f.notes.length ? h('h4', {}, 'notes') : null,
            f.notes.length ? h('ul', {}, f.notes.map((note) => h('li', {}, note.message, note.at ? h('div', { class: 'site' }, note.at) : null))) : null,
            h('h4', {}, 'services'),
            h('ul', {}, f.names.map((id) => byID.has(id) ? h('li', {}, serviceLink(byID.get(id).i)) : h('li', {}, id))));
          $('#details-panel').open = true;
        }

        // ---- findings panel ----
        const order = { error: 0, warning: 1, note: 2 };
        const findingOrder = F.map((f, j) => j).sort((a, b) => order[F[a].severity] - order[F[b].severity] || a - b);
        // Grouped by rule (errors first), each group a <details>; items are made when a group is
        // opened, 200 at a time: a big app has thousands of findings.
        const findingItems = new Map();
        let activeItem = null;
        function findingItemFor(j) {
          const f = F[j];
          const li = h('li', { 'data-finding': j, class: state.finding === j ? 'active' : null, onclick: () => highlight(j) },
            h('span', { class: 'sev ' + f.severity }, f.severity), ' ', h('span', { class: 'rule' }, f.rule),
            h('div', { class: 'message' }, f.message), h('div', { class: 'site' }, f.at));
          findingItems.set(j, li);
          if (state.finding === j) activeItem = li;
          return li;
        }
        function renderFindings() {
          const shown = findingOrder.filter((j) => filters.severity.has(F[j].severity));
          $('#findings-count').textContent = `(${shown.length}${shown.length === F.length ? '' : ' of ' + F.length})`;
          findingItems.clear();
          activeItem = null;
          if (!F.length) { findingsList.replaceChildren(h('li', { class: 'hint' }, 'No findings.')); return; }
          const byRule = new Map();
          for (const j of shown) { const r = F[j].rule; if (!byRule.has(r)) byRule.set(r, []); byRule.get(r).push(j); }
          findingsList.replaceChildren(...[...byRule].map(([rule, items]) => {
            const list = h('ol', { class: 'items' });
            let made = 0;
            const more = h('button', { type: 'button', class: 'link more' });
            const fill = () => {
              const next = items.slice(made, made + 200);
              made += next.length;
              list.append(...next.filter((j) => !findingItems.has(j)).map(findingItemFor));
              more.textContent = `show ${Math.min(200, items.length - made)} more of ${items.length - made}`;
              more.hidden = made >= items.length;
            };
            more.addEventListener('click', fill);
            const group = h('details', { 'data-rule': rule }, h('summary', {}, h('span', { class: 'sev ' + F[items[0]].severity }, F[items[0]].severity), ' ', rule, ` (${items.length})`), list, more);
            group.addEventListener('toggle', () => { if (group.open && made === 0) fill(); });
            if (shown.length <= 50 || items.length <= 20) { group.open = true; fill(); }
            return h('li', { class: 'group' }, group);
          }));
        }
        /** Marks finding j (or none) as the one shown, opening its group and making its item. */
        function setActive(j) {
          if (activeItem) activeItem.classList.remove('active');
          activeItem = null;
          if (j == null) return;
          let li = findingItems.get(j);
          if (!li) {
            const group = findingsList.querySelector(`details[data-rule="${CSS.escape(F[j].rule)}"]`);
            if (!group) return;
            if (!group.open) { group.open = true; }
            li = findingItemFor(j);
            group.querySelector('ol.items').prepend(li);
          }
          li.classList.add('active');
          activeItem = li;
        }

        // ---- filters ----
        const filters = {
          kind: new Set(data.lifetimes), program: new Set(data.programs), style: new Set(data.styles),
          severity: new Set(['error', 'warning', 'note']), withFindings: false,
        };
        let filtered = [];
        function applyFilters() {
          leaveProxy();
          for (const el of filtered) el.classList.remove('filtered');
          filtered = [];
          const hidden = new Set();
          for (const n of N) {
            const off = !filters.kind.has(n.kind)
              || (n.programs.length > 0 && !n.programs.some((p) => filters.program.has(p)))
              || (n.style != null && !filters.style.has(n.style))
              || (filters.withFindings && !n.findings.some((j) => filters.severity.has(F[j].severity)));
            if (off) { hidden.add(n.i); if (n.g) { n.g.classList.add('filtered'); filtered.push(n.g); } }
          }
          for (const e of E) if ((hidden.has(e.f) || hidden.has(e.t)) && e.g) { e.g.classList.add('filtered'); filtered.push(e.g); }
          document.body.dataset.hidden = String(hidden.size);
          renderFindings();
          if (overlay) again();
        }
        function checkboxes(title, name, values, set) {
          if (!values.length) return null;
          return h('fieldset', { 'data-filter': name }, h('legend', {}, title), values.map((v) => h('label', {},
            h('input', { type: 'checkbox', value: v, checked: '', onchange: (e) => { e.target.checked ? set.add(v) : set.delete(v); applyFilters(); } }),
            ' ', v)));
        }
        fill($('#filters'), 
          checkboxes('lifetime', 'lifetime', data.lifetimes, filters.kind),
          checkboxes('program', 'program', data.programs, filters.program),
          checkboxes('style', 'style', data.styles, filters.style),
          checkboxes('severity', 'severity', ['error', 'warning', 'note'], filters.severity),
          h('label', {}, h('input', { type: 'checkbox', id: 'with-findings', onchange: (e) => { filters.withFindings = e.target.checked; applyFilters(); } }),
            ' only services with a finding of these severities'));

        // ---- search with suggestions ----
        const lower = N.map((n) => n.id.toLowerCase());
        let choices = [], active = -1;
        function isSubsequence(q, s) { let p = 0; for (const c of s) if (c === q[p] && ++p === q.length) return true; return q.length === 0; }
        function matches(query) {
          const q = query.trim().toLowerCase();
          if (!q) return [];
          const found = [];
          for (let i = 0; i < N.length; i++) {
            const s = lower[i];
            let score;
            if (s === q) score = 0;
            else if (s.startsWith(q)) score = 1;
            else {
              const at = s.indexOf(q);
              if (at > 0) score = /[^a-z0-9]/.test(s[at - 1]) || N[i].id[at] !== s[at] ? 2 : 3;
              else if (q.length > 1 && isSubsequence(q, s)) score = 4;
              else continue;
            }
            found.push([score, s.length, N[i].id, i]);
          }
          found.sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
          const result = found.slice(0, 12).map((m) => ({ label: N[m[3]].id, what: N[m[3]].kind, seeds: [m[3]], query: q }));
          for (const [type, ids] of byType) {
            if (ids.length > 1 && type.toLowerCase() === q) result.unshift({ label: type, what: `all ${ids.length} registrations`, seeds: ids, query: q });
          }
          return result;
        }
        function withMark(label, q) {
          const at = label.toLowerCase().indexOf(q);
          if (at < 0) return [label];
          return [label.slice(0, at), h('mark', {}, label.slice(at, at + q.length)), label.slice(at + q.length)];
        }
        function showSuggestions() {
          choices = matches(search.value);
          active = choices.length ? 0 : -1;
          if (!search.value.trim()) { closeSuggestions(); return; }
          suggestions.replaceChildren(...(choices.length ? choices.map((o, k) => h('li', {
            role: 'option', id: 'suggestion-' + k, 'aria-selected': k === active ? 'true' : 'false',
            onmousedown: (e) => { e.preventDefault(); choose(k); },
          }, h('span', { class: 'id' }, withMark(o.label, o.query)), h('span', { class: 'what' }, o.what)))
            : [h('li', { class: 'none' }, 'no service matches')]));
          suggestions.hidden = false;
          search.setAttribute('aria-expanded', 'true');
        }
        function closeSuggestions() { suggestions.hidden = true; search.setAttribute('aria-expanded', 'false'); }
        function choose(k) {
          const o = choices[k];
          if (!o) return;
          search.value = o.label;
          closeSuggestions();
          focusOn(o.seeds);
        }
        function move(delta) {
          if (!choices.length) return;
          active = (active + delta + choices.length) % choices.length;
          suggestions.querySelectorAll('li').forEach((li, k) => li.setAttribute('aria-selected', k === active ? 'true' : 'false'));
          const li = suggestions.children[active];
          if (li) li.scrollIntoView({ block: 'nearest' });
        }
        search.addEventListener('input', showSuggestions);
        search.addEventListener('focus', () => { if (search.value.trim()) showSuggestions(); });
        search.addEventListener('blur', closeSuggestions);
        search.addEventListener('keydown', (e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); if (suggestions.hidden) showSuggestions(); else move(1); }
          else if (e.key === 'ArrowUp') { e.preventDefault(); move(-1); }
          else if (e.key === 'Enter') { e.preventDefault(); if (suggestions.hidden) showSuggestions(); choose(active < 0 ? 0 : active); }
          else if (e.key === 'Escape') { closeSuggestions(); search.blur(); }
        });

        // ---- clicks and keys ----
        stage.addEventListener('click', (e) => {
          if (dragged) { dragged = false; return; }
          const g = e.target.closest('g.node');
          const n = g && byElement.get(g.getAttribute('data-el') || g.id);
          if (n) focusOn([n.i], { fit: false });
        });
        depthInput.addEventListener('change', () => { if (state.seeds.length) focusOn(state.seeds); });
        hideRest.checked = !!data.hideRest;
        hideRest.addEventListener('change', again);
        $('#clear').addEventListener('click', showAll);
        $('#fit').addEventListener('click', () => (state.focus || state.finding != null) && shownNow.length ? fitTo(shownNow) : fitAll());
        $('#zoom-in').addEventListener('click', () => zoomCentre(1.4));
        $('#zoom-out').addEventListener('click', () => zoomCentre(1 / 1.4));
        document.addEventListener('keydown', (e) => {
          if (e.target instanceof HTMLInputElement) return;
          if (e.key === '/') { e.preventDefault(); search.focus(); search.select(); }
          else if (e.key === 'Escape') showAll();
          else if (e.key === '+' || e.key === '=') zoomCentre(1.25);
          else if (e.key === '-') zoomCentre(0.8);
          else if (e.key === '0') fitAll();
        });
        // A resize keeps the readable first view until Fit was asked for.
        window.addEventListener('resize', () => {
          if (state.focus || state.finding != null) return;
          const note = $('#view-note');
          if (note && !note.hidden) firstView(); else fitAll();
        });

        // ---- start ----
        renderFindings();
        firstView();
        if (data.seeds.length) focusOn(data.seeds);
        document.body.dataset.ready = 'true';
        setTimeout(makeProxy, 300);
        })();
        """#
}
