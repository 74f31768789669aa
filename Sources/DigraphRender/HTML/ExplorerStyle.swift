/// The explorer page's style sheet and script, inline in every page (no file to ship beside the
/// binary, nothing to fetch).
enum ExplorerAssets {
    static let style = #"""
        :root { --bar: 48px; --side: 360px; --ink: #202020; --muted: #666; --line: #ddd; --accent: #1f6fd1;
          --hl: #ffb000; --error: #d62728; --warning: #e6550d; --note: #7f7f7f; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; overflow: hidden; background: #fff; }
        #bar { height: var(--bar); display: flex; align-items: center; gap: 10px; padding: 0 12px; border-bottom: 1px solid var(--line); background: #f7f7f7; }
        #brand { flex: 1 1 auto; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #brand #caption { color: var(--muted); font-size: 12px; }
        #find { position: relative; }
        #search { width: 300px; padding: 5px 8px; border: 1px solid #bbb; border-radius: 4px; font: inherit; }
        #suggestions { position: absolute; z-index: 10; top: 100%; left: 0; width: 420px; max-height: 60vh; overflow: auto; margin: 2px 0 0; padding: 2px 0; list-style: none; background: #fff; border: 1px solid #bbb; border-radius: 4px; box-shadow: 0 4px 14px rgba(0,0,0,.15); }
        #suggestions li { padding: 4px 8px; cursor: pointer; display: flex; justify-content: space-between; gap: 8px; }
        #suggestions li .id { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        #suggestions li .what { color: var(--muted); font-size: 11px; flex: none; }
        #suggestions li[aria-selected="true"], #suggestions li:hover { background: #e8f0fc; }
        #suggestions li mark { background: none; font-weight: 700; color: inherit; }
        #suggestions li.none { color: var(--muted); cursor: default; }
        .control { white-space: nowrap; color: var(--muted); }
        #depth { width: 3.5em; font: inherit; }
        button { font: inherit; padding: 4px 10px; border: 1px solid #bbb; border-radius: 4px; background: #fff; cursor: pointer; }
        button:hover { background: #eef3fb; }
        #main { position: absolute; top: var(--bar); left: 0; right: 0; bottom: 0; display: flex; }
        #side { width: var(--side); flex: none; overflow: auto; border-right: 1px solid var(--line); background: #fcfcfc; }
        #side details { border-bottom: 1px solid var(--line); }
        #side summary { padding: 7px 12px; font-weight: 600; cursor: pointer; background: #f3f3f3; }
        #details, #filters, #legend { padding: 8px 12px; }
        #details h3 { margin: 0 0 6px; font-size: 14px; word-break: break-all; }
        #details table { border-collapse: collapse; width: 100%; margin-bottom: 6px; }
        #details th { text-align: left; color: var(--muted); font-weight: normal; padding: 1px 8px 1px 0; vertical-align: top; white-space: nowrap; }
        #details td { word-break: break-all; padding: 1px 0; }
        #details h4, #legend h4, #filters h4 { margin: 10px 0 3px; font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
        #details ul { margin: 0; padding-left: 16px; }
        #details li { margin: 1px 0; word-break: break-all; }
        .site { color: var(--muted); font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
        .link { color: var(--accent); cursor: pointer; background: none; border: 0; padding: 0; text-align: left; font: inherit; word-break: break-all; }
        .link:hover { text-decoration: underline; background: none; }
        .hint { color: var(--muted); margin: 0; }
        #findings { list-style: none; margin: 0; padding: 0; max-height: 45vh; overflow: auto; }
        #findings ol.items { list-style: none; margin: 0; padding: 0; }
        #findings li[data-finding] { padding: 5px 12px 5px 20px; border-top: 1px solid #eee; cursor: pointer; }
        #findings li[data-finding]:hover { background: #f0f5fd; }
        #findings li.active { background: #fff4d6; }
        #findings li.hint { padding: 6px 12px; }
        #findings details > summary { padding: 5px 12px; cursor: pointer; border-top: 1px solid #eee; }
        #findings .more { margin: 4px 20px 8px; }
        #findings .message { word-break: break-word; }
        .sev { display: inline-block; min-width: 4.5em; font-size: 11px; font-weight: 700; text-transform: uppercase; }
        .sev.error { color: var(--error); } .sev.warning { color: var(--warning); } .sev.note { color: var(--note); }
        .rule { font: 11px ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--muted); }
        #filters fieldset { border: 0; margin: 0 0 6px; padding: 0; }
        #filters legend { padding: 0; font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; margin-top: 6px; }
        #filters label { display: inline-block; margin: 1px 10px 1px 0; white-space: nowrap; }
        #legend ul { list-style: none; margin: 0; padding: 0; }
        #legend li { display: flex; align-items: center; gap: 8px; margin: 2px 0; }
        #legend .sample { flex: none; }
        .swatch { display: inline-block; width: 40px; height: 14px; border-radius: 3px; flex: none; }
        .swatch.seed { border: 3px solid var(--accent); }
        .swatch.hl { border: 3px solid var(--hl); }
        kbd { font: 11px ui-monospace, monospace; border: 1px solid #ccc; border-radius: 3px; padding: 0 3px; background: #fff; }
        #viewport { position: relative; flex: 1 1 auto; overflow: hidden; cursor: grab; touch-action: none; outline: none; background: #fff; }
        #viewport.dragging { cursor: grabbing; }
        #stage { position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform; }
        #stage svg { display: block; }
        #stage > svg.overlay { position: absolute; left: 0; top: 0; }
        #stage.overlaying > #layout { content-visibility: hidden; }
        #stage > canvas.proxy { position: absolute; left: 0; top: 0; display: none; }
        #stage.proxying > canvas.proxy { display: block; }
        #stage.proxying > #layout { opacity: 0; }
        #stage.far svg text { display: none; }
        svg g.node { cursor: pointer; }
        svg g.filtered { display: none; }
        svg.emph g.node:not(.in-focus):not(.hl), svg.emph g.edge:not(.in-focus):not(.hl), svg.emph g.cluster { opacity: .13; }
        svg g.node.seed > polygon, svg g.node.seed > ellipse, svg g.node.seed > path { stroke: var(--accent); stroke-width: 4px; }
        svg g.node.selected > text { font-weight: 700; }
        svg g.node.hl > polygon, svg g.node.hl > ellipse, svg g.node.hl > path { stroke: var(--hl); stroke-width: 5px; }
        svg g.edge.hl > path { stroke: var(--hl); stroke-width: 4px; }
        svg g.edge.hl > polygon { stroke: var(--hl); fill: var(--hl); }
        """#
}
