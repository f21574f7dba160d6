// The interactive API reference served by the gateway itself (the CSP allows only our origin, and it must work
// offline): an HTML shell, a stylesheet and a small script that renders /api/openapi.json and can send requests.
export const REFERENCE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailwright API reference</title>
<link rel="stylesheet" href="/api/reference/style.css">
<script defer src="/api/reference/app.js"></script>
</head>
<body>
<header class="top"><a href="/" class="brand">Mailwright</a><span>API reference</span>
<a class="raw" href="/api/openapi.json">openapi.json</a></header>
<div class="layout">
<nav id="nav" aria-label="Operations"></nav>
<main id="main"><p class="muted">Loading the API description…</p></main>
</div>
</body>
</html>
`;

export const REFERENCE_CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2430;background:#fafbfc}
.top{display:flex;gap:1rem;align-items:center;padding:.75rem 1.25rem;background:#111827;color:#fff}
.top a{color:#fff;text-decoration:none}.brand{font-weight:700}.raw{margin-left:auto;opacity:.8}
.layout{display:grid;grid-template-columns:280px 1fr;min-height:calc(100vh - 48px)}
nav{border-right:1px solid #e5e7eb;padding:1rem;overflow:auto;max-height:calc(100vh - 48px);position:sticky;top:0;background:#fff}
nav h3{font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:#6b7280;margin:1rem 0 .25rem}
nav a{display:block;padding:.15rem .25rem;color:#1f2430;text-decoration:none;font-size:.85rem;border-radius:4px}nav a:hover{background:#f3f4f6}
main{padding:1.5rem 2rem;max-width:1000px;overflow-wrap:anywhere}
.intro pre,.op pre{background:#0f172a;color:#e2e8f0;padding:.75rem;border-radius:6px;overflow:auto;font-size:.8rem}
code{background:#eef2f7;padding:0 .25rem;border-radius:3px;font-size:.85em}pre code{background:none;padding:0}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #e5e7eb;padding:.3rem .6rem;text-align:left;font-size:.85rem}
.op{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}
.op h2{font-size:1rem;margin:0 0 .25rem;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.m{font:700 .75rem/1 ui-monospace,monospace;padding:.3rem .45rem;border-radius:4px;color:#fff;text-transform:uppercase}
.get{background:#2563eb}.post{background:#059669}.patch{background:#d97706}.put{background:#7c3aed}.delete{background:#dc2626}
.path{font-family:ui-monospace,monospace}.auth{font-size:.75rem;color:#6b7280;border:1px solid #d1d5db;border-radius:999px;padding:.05rem .5rem}
.muted{color:#6b7280}details{margin:.5rem 0}summary{cursor:pointer;font-weight:600}
.try{border-top:1px dashed #e5e7eb;margin-top:.75rem;padding-top:.75rem}.try label{display:block;font-size:.8rem;margin:.25rem 0}
.try input,.try textarea{width:100%;font:13px ui-monospace,monospace;padding:.4rem;border:1px solid #d1d5db;border-radius:4px}
.try button{margin-top:.5rem;background:#111827;color:#fff;border:0;border-radius:4px;padding:.4rem .9rem;cursor:pointer}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid #e5e7eb}main{padding:1rem}}
`;

export const REFERENCE_JS = `(() => {
  'use strict';
  const main = document.getElementById('main');
  const nav = document.getElementById('nav');
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === 'class') node.className = value; else if (key.startsWith('on')) node.addEventListener(key.slice(2), value); else node.setAttribute(key, value);
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    return node;
  };
  const json = (value) => JSON.stringify(value, null, 2);
  // A tiny Markdown subset for the introduction: headings, fenced code, tables, lists, inline code and bold.
  const inline = (text) => {
    const span = el('span');
    const parts = text.split(/(\`[^\`]+\`|\\*\\*[^*]+\\*\\*)/);
    for (const part of parts) {
      if (part.startsWith('\`') && part.endsWith('\`') && part.length > 1) span.append(el('code', {}, part.slice(1, -1)));
      else if (part.startsWith('**') && part.endsWith('**') && part.length > 3) span.append(el('strong', {}, part.slice(2, -2)));
      else span.append(part);
    }
    return span;
  };
  const markdown = (source) => {
    const box = el('div', { class: 'intro' });
    const lines = source.split('\\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (line.startsWith('\`\`\`')) {
        const code = [];
        for (i++; i < lines.length && !lines[i].startsWith('\`\`\`'); i++) code.push(lines[i]);
        box.append(el('pre', {}, el('code', {}, code.join('\\n'))));
      } else if (line.startsWith('## ')) box.append(el('h2', {}, line.slice(3)));
      else if (line.startsWith('|')) {
        const table = el('table');
        for (; i < lines.length && lines[i].startsWith('|'); i++) {
          if (/^\\|\\s*-/.test(lines[i])) continue;
          table.append(el('tr', {}, lines[i].split('|').slice(1, -1).map((cell) => el('td', {}, inline(cell.trim())))));
        }
        i--;
        box.append(table);
      } else if (line.startsWith('* ')) {
        const list = el('ul');
        for (; i < lines.length && lines[i].startsWith('* '); i++) list.append(el('li', {}, inline(lines[i].slice(2))));
        i--;
        box.append(list);
      } else if (line.trim()) box.append(el('p', {}, inline(line)));
    }
    return box;
  };
  const authLabel = (security) =>
    !security || security.length === 0 ? 'public' : security.some((s) => s.apiKey) ? 'X-API-Key' : 'Bearer JWT';
  const anchor = (method, path) => (method + path).replace(/[^A-Za-z0-9]+/g, '-');
  const credentials = { token: sessionStorage.getItem('mw-ref-token') || '', apiKey: sessionStorage.getItem('mw-ref-key') || '' };

  function tryIt(method, path, operation) {
    const box = el('div', { class: 'try' });
    const params = (operation.parameters || []).filter((p) => p.in === 'path' || p.in === 'query');
    const inputs = params.map((p) => {
      const input = el('input', { name: p.name, placeholder: p.example !== undefined ? String(p.example) : '' });
      box.append(el('label', {}, p.in + ' ' + p.name, input));
      return [p, input];
    });
    const needsKey = (operation.security || []).some((s) => s.apiKey);
    const needsToken = (operation.security || []).some((s) => s.bearerAuth);
    const cred = el('input', { value: needsKey ? credentials.apiKey : credentials.token });
    if (needsKey || needsToken) box.append(el('label', {}, needsKey ? 'X-API-Key' : 'Bearer token', cred));
    const bodyJson = operation.requestBody && operation.requestBody.content && operation.requestBody.content['application/json'];
    const body = bodyJson ? el('textarea', { rows: '8' }) : null;
    if (body) { body.value = json(bodyJson.example ?? {}); box.append(el('label', {}, 'JSON body', body)); }
    const out = el('pre', { hidden: '' });
    const send = async () => {
      let url = path;
      const query = new URLSearchParams();
      for (const [p, input] of inputs) {
        if (!input.value) continue;
        if (p.in === 'path') url = url.replace('{' + p.name + '}', encodeURIComponent(input.value)); else query.set(p.name, input.value);
      }
      const headers = {};
      if (needsKey) { headers['x-api-key'] = cred.value; credentials.apiKey = cred.value; sessionStorage.setItem('mw-ref-key', cred.value); }
      if (needsToken) { headers.authorization = 'Bearer ' + cred.value; credentials.token = cred.value; sessionStorage.setItem('mw-ref-token', cred.value); }
      if (body) headers['content-type'] = 'application/json';
      out.hidden = false;
      out.textContent = 'Sending…';
      try {
        const response = await fetch(url + (query.toString() ? '?' + query : ''), { method: method.toUpperCase(), headers, body: body ? body.value : undefined });
        const text = await response.text();
        let shown = text;
        try { shown = json(JSON.parse(text)); } catch {}
        const limits = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']
          .filter((h) => response.headers.get(h) !== null).map((h) => h + ': ' + response.headers.get(h)).join('\\n');
        out.textContent = 'HTTP ' + response.status + (limits ? '\\n' + limits : '') + '\\n\\n' + shown;
      } catch (error) { out.textContent = String(error); }
    };
    box.append(el('button', { type: 'button', onclick: send }, 'Send request'), out);
    return el('details', {}, el('summary', {}, 'Try it'), box);
  }

  function render(doc) {
    main.replaceChildren(el('h1', {}, doc.info.title), markdown(doc.info.description || ''));
    const byTag = new Map();
    for (const [path, operations] of Object.entries(doc.paths || {})) {
      for (const [method, operation] of Object.entries(operations)) {
        const tag = (operation.tags && operation.tags[0]) || 'Other';
        if (!byTag.has(tag)) byTag.set(tag, []);
        byTag.get(tag).push([method, path, operation]);
      }
    }
    for (const [tag, operations] of byTag) {
      nav.append(el('h3', {}, tag));
      main.append(el('h2', { id: 'tag-' + tag }, tag));
      for (const [method, path, operation] of operations) {
        const id = anchor(method, path);
        nav.append(el('a', { href: '#' + id }, el('span', { class: 'm ' + method }, method), ' ', path));
        const card = el('section', { class: 'op', id });
        card.append(el('h2', {}, el('span', { class: 'm ' + method }, method), el('span', { class: 'path' }, path), el('span', { class: 'auth' }, authLabel(operation.security))));
        if (operation.summary) card.append(el('p', {}, operation.summary));
        if (operation.description) card.append(markdown(operation.description));
        const params = operation.parameters || [];
        if (params.length) {
          card.append(el('table', {}, el('tr', {}, el('th', {}, 'parameter'), el('th', {}, 'in'), el('th', {}, 'type'), el('th', {}, 'required')),
            params.map((p) => el('tr', {}, el('td', {}, el('code', {}, p.name)), el('td', {}, p.in), el('td', {}, (p.schema && (p.schema.type || (p.schema.anyOf ? 'one of' : ''))) || ''), el('td', {}, p.required ? 'yes' : 'no')))));
        }
        const bodyJson = operation.requestBody && operation.requestBody.content && operation.requestBody.content['application/json'];
        if (bodyJson) {
          card.append(el('details', { open: '' }, el('summary', {}, 'Request body example'), el('pre', {}, el('code', {}, json(bodyJson.example ?? {})))));
          card.append(el('details', {}, el('summary', {}, 'Request body schema'), el('pre', {}, el('code', {}, json(bodyJson.schema)))));
        }
        for (const [code, response] of Object.entries(operation.responses || {})) {
          const content = response.content && response.content['application/json'];
          const title = code + ' — ' + (response.description || '');
          card.append(el('details', { open: code.startsWith('2') ? '' : null },
            el('summary', {}, title),
            content ? el('pre', {}, el('code', {}, json(content.example ?? content.schema))) : el('p', { class: 'muted' }, 'No body')));
        }
        card.append(tryIt(method, path, operation));
        main.append(card);
      }
    }
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }

  fetch('/api/openapi.json').then((r) => r.json()).then(render).catch((error) => {
    main.replaceChildren(el('p', {}, 'Could not load /api/openapi.json: ' + error));
  });
})();
`;
