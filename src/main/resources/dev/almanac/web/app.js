// Almanac web app: a chat over the answer API, knowledge pages, the learnings review queue and the
// eval dashboard. Plain DOM, no build step; everything it loads is served by the jar (offline).
"use strict";

const state = { token: localStorage.getItem("almanac.token"), me: null, thread: null, asking: false, knowledge: {}, evalSeq: 0, evalTimer: null, showingDiff: false,
  threadsSeq: 0, allThreads: localStorage.getItem("almanac.allThreads") === "true", diffChosen: false };

// ---------------------------------------------------------------- helpers

const $ = (id) => document.getElementById(id);

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/**
 * Text with its `code` spans as <code> elements: text nodes only, never HTML, so an answer cannot inject markup. A lone
 * backtick stays as typed.
 */
function withCode(text) {
  return String(text).split(/`([^`\n]+)`/).map((part, i) => (i % 2 ? h("code", {}, part) : part)).filter((part) => part !== "");
}

/** The text cut after the last whole word that fits in max characters, with an ellipsis; whole when it fits. */
function clipAtWord(text, max) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.search(/\s\S*$/);
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + "…";
}

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : "request failed (" + status + ")");
    this.status = status;
    this.code = body && body.code;
    this.problems = (body && body.problems) || [];
  }
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: Object.assign({ Authorization: "Bearer " + state.token }, body === undefined ? {} : { "Content-Type": "application/json" }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) { signOut(); throw new ApiError(401, { message: "please sign in again" }); }
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const err = new ApiError(res.status, json);
    if (res.status === 429) err.message += " (retry after " + res.headers.get("Retry-After") + " s)";
    throw err;
  }
  return json;
}

const can = (role) => ({ viewer: 1, editor: 2, admin: 3 })[state.me.role] >= ({ viewer: 1, editor: 2, admin: 3 })[role];
const isNumber = (v) => typeof v === "number" || (typeof v === "string" && /^-?\d+(\.\d+)?(E-?\d+)?$/i.test(v));

function formatCell(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isInteger(v) ? v.toLocaleString("en-US") : v.toLocaleString("en-US", { maximumFractionDigits: 4 });
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * The result as CSV (RFC 4180 quoting): every row the answer carries, not only the ones shown. A text cell that starts with
 * =, +, -, @, a tab or a carriage return gets a leading ' so that a spreadsheet does not run it (OWASP, CSV injection), as
 * the server's download does; numbers stay numbers.
 */
function csvOf(data) {
  const cell = (v) => {
    let t = v == null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
    if (typeof v !== "number" && /^[=+\-@\t\r]/.test(t)) t = "'" + t;
    return /[",\r\n]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t;
  };
  return [data.columns, ...data.rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

function saveBlob(blob, name) {
  const link = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

function downloadCsv(data, name) {
  saveBlob(new Blob([csvOf(data)], { type: "text/csv" }), name);
}

/** The whole result of an answer whose rows were cut at the row cap: the server runs its query again, every row. */
async function downloadWholeCsv(a, name) {
  const res = await fetch("/api/threads/" + encodeURIComponent(a.thread_id) + "/turns/" + encodeURIComponent(a.turn_id) + "/csv",
    { headers: { Authorization: "Bearer " + state.token } });
  if (!res.ok) {
    const text = await res.text();
    throw new ApiError(res.status, text ? JSON.parse(text) : null);
  }
  saveBlob(await res.blob(), name);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DATE_KINDS = ["day", "week", "month", "quarter", "year"];

/**
 * A value in its column's format (the answer's data.formats; mirrors ValueFormat.show): a date at its grain ("January 2026",
 * "Q1 2026", "week of 2 March 2026"), money ("$47,451.97", "1,234.50 EUR"), a percentage (the value is in percent), a count.
 */
function formatValue(v, f) {
  if (v === null || v === undefined) return "";
  if (!f) return formatCell(v);
  if (DATE_KINDS.includes(f.kind)) {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
    if (!m) return String(v);
    const [y, month, d] = [Number(m[1]), MONTHS[Number(m[2]) - 1], Number(m[3])];
    if (f.kind === "day") return d + " " + month + " " + y;
    if (f.kind === "week") return "week of " + d + " " + month + " " + y;
    if (f.kind === "month") return month + " " + y;
    if (f.kind === "quarter") return "Q" + (Math.floor((Number(m[2]) - 1) / 3) + 1) + " " + y;
    return String(y);
  }
  const n = typeof v === "number" ? v : isNumber(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) return String(v);
  const digits = (x, dec) => x.toLocaleString("en-US", dec == null ? { maximumFractionDigits: 2 } : { minimumFractionDigits: dec, maximumFractionDigits: dec });
  if (f.kind === "currency") {
    const first = f.unit ? f.unit.trim().split(/\s+/)[0] : "";
    const code = /^[A-Z]{3}$/.test(first) ? first : null;
    const amount = (n < 0 ? "-" : "") + (code === "USD" ? "$" : "") + digits(Math.abs(n), f.decimals == null ? 2 : f.decimals);
    return code === "USD" ? amount : code ? amount + " " + code : amount + (f.unit ? " " + f.unit : "");
  }
  if (f.kind === "percent") return digits(n, f.decimals) + "%";
  if (f.kind === "integer") return digits(n, 0);
  return digits(n, f.decimals);
}

/**
 * A chart as wide as the answer it sits in (a phone's included): a single view is drawn to its container's width; a chart
 * of several views (facets, concatenations) keeps its own sizes and scrolls within its box.
 */
function fitted(spec) {
  if (spec.facet || spec.concat || spec.hconcat || spec.vconcat || spec.repeat) return spec;
  return Object.assign({}, spec, { width: "container", autosize: { type: "fit", contains: "padding" } });
}

/** A table of rows; with an answer's labels and formats, the labels head the columns and the values are formatted. */
function dataTable(columns, rows, limit, labels, formats) {
  const shown = rows.slice(0, limit || 200);
  const format = (i) => (formats ? formats[i] : null);
  const numeric = columns.map((c, i) => (format(i) ? !DATE_KINDS.includes(format(i).kind) : shown.length > 0 && shown.every((r) => r[i] == null || isNumber(r[i]))));
  const cell = (v, i) => (format(i) ? formatValue(v, format(i)) : formatCell(v));
  return h("div", { class: "table-wrap" },
    h("table", { class: "data" },
      h("thead", {}, h("tr", {}, columns.map((c, i) => h("th", { scope: "col", class: numeric[i] ? "num" : null, title: labels && labels[i] !== c ? c : null }, labels ? labels[i] : c)))),
      h("tbody", {}, shown.map((r) => h("tr", {}, r.map((v, i) => h("td", { class: (format(i) ? numeric[i] : isNumber(v)) ? "num" : null }, cell(v, i))))))));
}

// ---------------------------------------------------------------- sign in and routing

async function signIn(token) {
  state.token = token;
  state.me = await api("GET", "/api/me");
  // the server's clock, not the browser's, says what "today" is (the same day its answers read "last month" from)
  state.clockOffset = state.me.now ? Date.parse(state.me.now) - Date.now() : 0;
  $("project").textContent = state.me.project;
  $("who").replaceChildren(h("span", {}, state.me.name + " · " + state.me.role), h("button", { type: "button", id: "sign-out", onclick: signOut }, "Sign out"));
  $("nav").hidden = false;
  $("login").hidden = true;
  document.body.classList.toggle("can-edit", can("editor"));
  document.querySelectorAll(".editor-only").forEach((el) => { el.hidden = !can("editor"); });
  $("dq-panel").hidden = !state.me.dq_panel;
  $("view-ask").classList.toggle("no-dq", !state.me.dq_panel);
  route();
}

function signOut() {
  localStorage.removeItem("almanac.token");
  state.token = null;
  state.me = null;
  document.querySelectorAll(".view").forEach((v) => { v.hidden = true; });
  $("nav").hidden = true;
  $("who").replaceChildren();
  $("project").textContent = "";
  $("login").hidden = false;
  $("knowledge-broken").hidden = true;
}

/** Knowledge files that could not be imported: the server answers from the last good knowledge meanwhile; say so, and where. */
async function checkKnowledge() {
  const banner = $("knowledge-broken");
  try {
    const ready = await api("GET", "/api/ready");
    const problems = ready.knowledge_problems || [];
    banner.hidden = problems.length === 0;
    banner.replaceChildren(...(problems.length === 0 ? [] : [
      h("strong", {}, "Knowledge files have problems"),
      " — answers use the last good knowledge until they are fixed and imported:",
      h("ul", {}, problems.slice(0, 5).map((p) => h("li", {}, h("code", {}, p.at)))),
    ]));
  } catch (e) {
    banner.hidden = true;
  }
}

function route() {
  if (!state.me) return;
  checkKnowledge();
  const parts = (location.hash || "#/ask").slice(2).split("/").map(decodeURIComponent);
  const view = ["ask", "knowledge", "learnings", "evals"].includes(parts[0]) ? parts[0] : "ask";
  document.querySelectorAll(".view").forEach((v) => { v.hidden = v.id !== "view-" + view; });
  document.querySelectorAll("#nav a").forEach((a) => a.classList.toggle("active", a.dataset.view === view));
  if (view !== "evals") clearTimeout(state.evalTimer);
  if (view === "ask") showAsk(parts[1] || null);
  if (view === "knowledge") showKnowledge(parts[1] || "metrics", parts[2] || null);
  if (view === "learnings") showLearnings();
  if (view === "evals") showEvals(parts[1] || null);
}

// ---------------------------------------------------------------- ask

const STEP_LABELS = {
  thread: "Conversation", clarified: "Understood as", tables: "Looking at tables", verified: "Found a verified answer", clarify: "Needs a detail",
  tool: "Working", message: "Note", executed: "Running SQL", sql: "Query", learning: "Learned", critique: "Checking the answer", dq: "Data coverage",
  semantic: "Read as", vocabulary: "Words of the question", log: "Note",
};

async function showAsk(threadId) {
  await loadThreads(threadId);
  if (threadId && threadId !== state.thread) {
    state.thread = threadId;
    let t;
    try {
      t = await api("GET", "/api/threads/" + encodeURIComponent(threadId));
    } catch (e) {
      if (e.status !== 404) throw e;
      $("turns").replaceChildren(h("p", { class: "muted gone" }, "This conversation is no longer there: it was deleted. Start a new one or pick another."));
      return;
    }
    $("turns").replaceChildren(...t.turns.map((turn) => renderTurn(turn.question, turn.answer)));
    const last = t.turns[t.turns.length - 1];
    if (last && typeof last.answer === "object") showDq(last.answer);
    scrollChat();
  } else if (!threadId && state.thread) {
    newThread();
  }
  if (!threadId) renderExamples();
}

const ORIGINS = { web: "web app", api: "API", cli: "CLI", eval: "eval run", mcp: "MCP" };

/**
 * The conversation list: one entry per thread, grouped by the day of its last question ("Today", "Yesterday", then
 * dates), each with its whole title (the list shows two lines of it, the tooltip all of it), its time and where it was
 * started when that is not the web app. The command line's, eval runs' and MCP clients' threads are listed only when asked
 * for. Only the newest of overlapping loads is drawn.
 */
async function loadThreads(active) {
  const seq = ++state.threadsSeq;
  const threads = await api("GET", "/api/threads" + (state.allThreads ? "?origin=all" : ""));
  if (seq !== state.threadsSeq) return;
  const seen = new Set();
  const groups = new Map();
  const now = serverNow();
  for (const t of threads) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const label = dayLabel(new Date(t.updated_at), now);
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(t);
  }
  $("threads").replaceChildren(...(threads.length ? [...groups].map(([label, ts]) => h("li", { class: "day" },
    h("h3", { class: "day-label" }, label), h("ul", {}, ts.map((t) => threadItem(t, active))))) : [h("li", { class: "muted none" }, "No conversations yet.")]));
}

function threadItem(t, active) {
  const when = new Date(t.updated_at);
  const link = h("a", { href: "#/ask/" + encodeURIComponent(t.id), class: "thread-link", title: t.title, "aria-current": t.id === active ? "page" : null },
    h("span", { class: "thread-title" }, t.title));
  return h("li", { class: "thread" + (t.id === active ? " active" : ""), "data-thread": t.id, "data-origin": t.origin },
    link,
    h("div", { class: "thread-meta" },
      h("time", { datetime: t.updated_at, title: when.toLocaleString("en-GB", { dateStyle: "full", timeStyle: "short" }) }, clock(when)),
      t.origin !== "web" && ORIGINS[t.origin] ? h("span", { class: "origin" }, ORIGINS[t.origin]) : null,
      h("span", { class: "thread-actions" },
        h("button", { type: "button", class: "link rename", "aria-label": "Rename “" + t.title + "”", onclick: () => renameThread(t) }, "Rename"),
        h("button", { type: "button", class: "link danger delete", "aria-label": "Delete “" + t.title + "”", onclick: () => deleteThread(t) }, "Delete"))));
}

/** Now by the server's clock (see signIn). */
const serverNow = () => new Date(Date.now() + (state.clockOffset || 0));

const clock = (d) => String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");

/** The heading of a day in the conversation list, in the browser's time zone: "Today", "Yesterday", "12 November", "3 March 2025". */
function dayLabel(d, now) {
  const midnight = (x) => new Date(x.getFullYear(), x.getMonth(), x.getDate());
  const days = Math.round((midnight(now) - midnight(d)) / 86400000);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  return d.getDate() + " " + MONTHS[d.getMonth()] + (d.getFullYear() === now.getFullYear() ? "" : " " + d.getFullYear());
}

/** Renames a thread in place: its entry becomes a small form; Enter saves, Escape or Cancel leaves it as it was. */
function renameThread(t) {
  const item = document.querySelector('#threads li.thread[data-thread="' + CSS.escape(t.id) + '"]');
  const input = h("input", { type: "text", class: "rename-title", maxlength: "500", "aria-label": "New title", required: true });
  input.value = t.title;
  const problem = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "rename-form" }, input, problem, h("div", { class: "actions" },
    h("button", { type: "submit", class: "primary save-title" }, "Save"), h("button", { type: "button", class: "cancel", onclick: () => loadThreads(state.thread) }, "Cancel")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await api("PATCH", "/api/threads/" + encodeURIComponent(t.id), { title: input.value });
      await loadThreads(state.thread);
    } catch (e) {
      problem.textContent = e.message;
    }
  });
  input.addEventListener("keydown", (ev) => { if (ev.key === "Escape") loadThreads(state.thread); });
  item.replaceChildren(form);
  input.focus();
  input.select();
}

/** Deletes a thread after asking; the open conversation, once deleted, gives way to a new one. */
async function deleteThread(t) {
  if (!confirm("Delete the conversation “" + t.title + "”? Its questions and answers are removed for everyone in this project.")) return;
  try {
    await api("DELETE", "/api/threads/" + encodeURIComponent(t.id));
  } catch (e) {
    if (e.status !== 404) {
      const item = document.querySelector('#threads li.thread[data-thread="' + CSS.escape(t.id) + '"]');
      if (item) item.append(h("p", { class: "error", role: "alert" }, "Not deleted: " + e.message));
      return;
    }
  }
  if (state.thread === t.id) {
    history.replaceState(null, "", "#/ask");
    newThread();
  }
  await loadThreads(state.thread);
}

function newThread() {
  state.thread = null;
  $("turns").replaceChildren(emptyChat());
  $("dq-body").replaceChildren(h("p", { class: "muted" }, "Ask a question to see whether the data covers its period."));
  renderExamples();
}

const emptyChatNode = document.getElementById("chat-empty");
function emptyChat() { return emptyChatNode; }

async function renderExamples() {
  const box = $("examples");
  if (box.childElementCount) return;
  try {
    const queries = await api("GET", "/api/knowledge/queries");
    queries.slice(0, 4).forEach((q) => box.append(h("button", { type: "button", onclick: () => ask(q.question) }, q.question)));
  } catch (e) { /* examples are a nicety */ }
}

function scrollChat() {
  const turns = $("turns");
  turns.scrollTop = turns.scrollHeight;
  const last = turns.lastElementChild;
  if (last && last.scrollIntoView && window.innerWidth <= 760) last.scrollIntoView({ block: "start" });
}

function confidenceBadge(a) {
  if (a.kind === "clarification" || a.kind === "error") return null;
  if (a.confidence === "medium") return h("span", { class: "badge medium", title: "The agent revised this answer after checking it" }, "Refined answer");
  if (a.confidence === "low") return h("span", { class: "badge low" }, "Best attempt — results may be incomplete");
  return null;
}

function renderTurn(question, a) {
  return h("div", { class: "turn" }, h("div", { class: "question" }, question), typeof a === "object" ? renderAnswer(a) : h("div", { class: "answer" }, String(a)));
}

/**
 * The text of an answer shown above its data table: an answer from a semantic query (its data has labels) carries its table in
 * the text too, for readers of the text alone; here the table below shows those rows, so the text is its lead sentence.
 */
function leadOf(a) {
  if (a.change) { // its tables are drawn below: the text up to them
    const at = a.answer.search(/\n\n(?:Inside [^\n]*:\n)?By [^\n]*\(query \d+\):\n\|/);
    return at > 0 ? a.answer.slice(0, at) : a.answer;
  }
  const table = a.data && a.data.labels ? a.answer.indexOf("\n\n| ") : -1;
  return table > 0 ? a.answer.slice(0, table) : a.answer;
}

function renderAnswer(a) {
  const box = h("article", { class: "answer kind-" + a.kind, "data-kind": a.kind, "data-confidence": a.confidence });
  const badges = h("div", { class: "badges" }, a.verified ? h("span", { class: "badge verified", title: "From a verified query curated by your team" }, "✓ Verified") : null, confidenceBadge(a));
  if (badges.childElementCount) box.append(badges);
  const note = "Best attempt — results may be incomplete. ";
  const text = leadOf(a);
  box.append(h("p", { class: "text" }, withCode(a.confidence === "low" && text.startsWith(note) && confidenceBadge(a) ? text.slice(note.length) : text)));
  if (a.kind === "clarification" && a.suggestions && a.suggestions.length) {
    box.append(h("div", { class: "options", role: "group", "aria-label": "Options" },
      a.suggestions.map((o) => h("button", { type: "button", class: "option", onclick: () => ask(o) }, o))));
  }
  if (a.chart) {
    const chart = h("div", { class: "chart" });
    box.append(chart);
    if (window.vegaEmbed) {
      window.vegaEmbed(chart, fitted(a.chart), { actions: false, renderer: "svg" }).catch((e) => chart.append(h("p", { class: "muted" }, "The chart could not be drawn: " + e.message)));
    }
  }
  const sqlIds = "q" + (++answerSerial) + "-";
  if (a.change) box.append(renderChange(a.change, sqlIds));
  else if (a.data && a.data.columns && a.data.columns.length) {
    box.append(dataTable(a.data.columns, a.data.rows, 200, a.data.labels, a.data.formats));
    const more = a.data.truncated || a.data.row_count > 200;
    const whole = a.data.total_rows != null && a.turn_id && a.thread_id;
    const total = whole ? a.data.total_rows : a.data.row_count;
    const name = "almanac-" + (a.turn_id || "answer") + ".csv";
    const status = h("span", { class: "muted", role: "status" });
    box.append(h("div", { class: "meta" }, total.toLocaleString("en-US") + (total === 1 ? " row" : " rows") + (more ? " (showing the first " + Math.min(200, a.data.rows.length).toLocaleString("en-US") + ")" : "") + " · ",
      h("a", { href: "#", class: "csv", onclick: async (ev) => {
        ev.preventDefault();
        if (!whole) return downloadCsv(a.data, name);
        status.textContent = " preparing the download…";
        try { await downloadWholeCsv(a, name); status.textContent = ""; } catch (e) { status.textContent = " The download failed: " + e.message; }
      } }, whole ? "Download all " + total.toLocaleString("en-US") + " rows (CSV)" : "Download CSV"), status));
  }
  const p = a.provenance;
  if (p && p.readAs) box.append(h("p", { class: "read-as" }, h("strong", {}, "Read as: "), p.readAs));
  if (p && p.explanation) box.append(h("p", { class: "explanation" }, h("strong", {}, "How this was computed: "), withCode(p.explanation)));
  if (p && p.sql && p.sql.length) {
    const purposes = a.change ? a.change.queries.map((q) => q.purpose) : [];
    box.append(h("details", { class: "sql" }, h("summary", {}, p.sql.length === 1 ? "SQL" : "SQL (" + p.sql.length + " queries)"),
      p.sql.map((s, i) => h("div", { class: "sql-query", id: sqlIds + (i + 1) }, purposes[i] ? h("p", { class: "muted" }, "Query " + (i + 1) + ": " + purposes[i]) : null,
        h("pre", {}, h("code", {}, s))))));
  }
  const answered = a.kind !== "clarification" && a.kind !== "error";
  if (answered && p && (p.tables.length || p.metric || p.knowledge_applied.length)) {
    const dl = h("dl");
    const row = (k, v) => { if (v && (!Array.isArray(v) || v.length)) dl.append(h("dt", {}, k), h("dd", {}, Array.isArray(v) ? v.join(", ") : v)); };
    row("Tables", p.tables);
    row("Metric", p.metric);
    row("Semantic query", semanticText(p.semantic_query));
    row("Knowledge used", p.knowledge_applied);
    row("Learnings used", p.learnings_applied);
    row("Filters", p.filters);
    if (p.freshness) row("Data up to", Object.entries(p.freshness).map(([t, d]) => t + ": " + d));
    row("Caveats", p.caveats);
    box.append(h("details", { class: "provenance" }, h("summary", {}, "Sources"), dl));
  }
  if (a.kind !== "clarification" && a.suggestions && a.suggestions.length) {
    box.append(h("div", { class: "suggestions" }, a.suggestions.map((s) => h("button", { type: "button", class: "suggestion", onclick: () => ask(s) }, s))));
  }
  if (a.usage) box.append(h("div", { class: "meta" }, (a.latency_ms / 1000).toFixed(1) + " s · " + a.usage.llm_calls + " model call" + (a.usage.llm_calls === 1 ? "" : "s")));
  return box;
}

let answerSerial = 0;

/** A change as people read it: "+$1,234.50", "-3", "+0.42 points" for a percentage (the change of a percentage is in points). */
function signedValue(v, f) {
  if (v === null || v === undefined) return "";
  const n = Number(v);
  const sign = n > 0 ? "+" : n < 0 ? "-" : "";
  if (f && f.kind === "percent") return sign + Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: f.decimals || 0, maximumFractionDigits: f.decimals || 0 }) + " points";
  return sign + formatValue(Math.abs(n), f);
}

/** Opens the answer's SQL and shows the query a contribution came from. */
function showQuery(ev, id) {
  ev.preventDefault();
  const target = document.getElementById(id);
  if (!target) return;
  const details = target.closest("details");
  if (details) details.open = true;
  document.querySelectorAll(".sql-query.shown").forEach((x) => x.classList.remove("shown"));
  target.classList.add("shown");
  target.scrollIntoView({ block: "nearest" });
}

/**
 * "Why did it change?": each split as a table whose contributions add up to the change shown under it, every value linking
 * to the query that computed it; a snapshot's movements; the dimensions it could not be split by, with the reason.
 */
function renderChange(c, sqlIds) {
  const box = h("div", { class: "change" });
  const queryLink = (n) => h("a", { href: "#" + sqlIds + n, class: "query-link", onclick: (ev) => showQuery(ev, sqlIds + n) }, "query " + n);
  const splitTable = (s, total, heading) => {
    const ratio = s.mix !== null && s.mix !== undefined;
    const head = [s.label, "Before", "After", "Contribution"].concat(ratio ? ["Mix", "Rate"] : []).concat(["From"]);
    const rows = s.values.map((v) => {
      const name = v.status === "others" ? "All " + v.others + " other values" : (v.value === null ? "(no value)" : v.value)
        + (v.status === "added" ? " (new)" : v.status === "vanished" ? " (gone)" : "");
      const cells = [h("td", {}, name), h("td", { class: "num" }, v.status === "others" ? "" : v.before === null || v.before === undefined ? "no data" : formatValue(v.before, c.format)),
        h("td", { class: "num" }, v.status === "others" ? "" : v.after === null || v.after === undefined ? "no data" : formatValue(v.after, c.format)),
        h("td", { class: "num contribution" }, signedValue(v.shown, c.format))];
      if (ratio) cells.push(h("td", { class: "num" }, signedValue(v.mix, c.format)), h("td", { class: "num" }, signedValue(v.rate, c.format)));
      cells.push(h("td", {}, queryLink(s.query)));
      return h("tr", {}, cells);
    });
    const sum = [h("th", { scope: "row" }, "Change"), h("td"), h("td"), h("td", { class: "num contribution" }, signedValue(total, c.format))];
    if (ratio) sum.push(h("td", { class: "num" }, signedValue(s.shown_mix, c.format)), h("td", { class: "num" }, signedValue(s.shown_rate, c.format)));
    sum.push(h("td"));
    return h("div", { class: "table-wrap change-split", "data-dimension": s.dimension },
      h("p", { class: "split-heading" }, heading),
      h("table", { class: "data" }, h("thead", {}, h("tr", {}, head.map((x, i) => h("th", { scope: "col", class: i > 0 && i < head.length - 1 ? "num" : null }, x)))),
        h("tbody", {}, rows), h("tfoot", {}, h("tr", { class: "total" }, sum))));
  };
  // the three dimensions the change is most concentrated in, then the rest folded
  const shownFirst = (tables, more) => {
    tables.slice(0, 3).forEach((t) => box.append(t));
    if (tables.length > 3) box.append(h("details", { class: "more-splits" }, h("summary", {}, more(tables.length - 3)), tables.slice(3)));
  };
  shownFirst((c.dimensions || []).map((s) => splitTable(s, c.shown_change, "By " + s.label)), (n) => "Split by " + n + " more dimension" + (n === 1 ? "" : "s"));
  if (c.deeper) {
    shownFirst(c.deeper.dimensions.map((s) => splitTable(s, c.deeper.shown_change, "Inside " + c.deeper.value + ", by " + s.label)),
      (n) => "Inside " + c.deeper.value + ", by " + n + " more dimension" + (n === 1 ? "" : "s"));
  }
  if (c.movements) {
    box.append(h("div", { class: "table-wrap change-movements" }, h("p", { class: "split-heading" }, "By what each " + c.movements.entity + " did"),
      h("table", { class: "data" },
        h("thead", {}, h("tr", {}, ["Movement", c.movements.entity + "s", "Contribution", "From"].map((x, i) => h("th", { scope: "col", class: i === 1 || i === 2 ? "num" : null }, x)))),
        h("tbody", {}, c.movements.parts.map((m) => h("tr", {}, h("td", {}, m.name), h("td", { class: "num" }, m.entities.toLocaleString("en-US")),
          h("td", { class: "num contribution" }, signedValue(m.shown, c.format)), h("td", {}, queryLink(c.movements.query))))),
        h("tfoot", {}, h("tr", { class: "total" }, h("th", { scope: "row" }, "Change"), h("td"), h("td", { class: "num contribution" }, signedValue(c.shown_change, c.format)), h("td"))))));
  }
  if (c.not_split && c.not_split.length) {
    box.append(h("p", { class: "muted" }, "Not split by: " + c.not_split.map((n) => n.label + " (" + n.reason + ")").join("; ") + "."));
  }
  return box;
}

/** A semantic query in a line: "mrr by plan, by month, 2026-01-01 to 2026-10-01, where region = Europe". */
function semanticText(q) {
  if (!q) return null;
  const parts = [q.metrics.join(", ") + (q.group_by && q.group_by.length ? " by " + q.group_by.map((g) => g.dimension).join(", ") : "")];
  if (q.grain) parts.push("by " + q.grain);
  if (q.start) parts.push(q.start + " to " + q.end);
  if (q.filters && q.filters.length) parts.push("where " + q.filters.map((f) => f.field + " " + f.op.replace("_", " ") + " " + f.values.join(", ")).join(" and "));
  if (q.compare_to) parts.push("compared with " + q.compare_to.start + " to " + q.compare_to.end);
  return parts.join(", ");
}

function showDq(a) {
  if (!state.me.dq_panel) return;
  const dq = a.dq;
  if (!dq) { $("dq-body").replaceChildren(h("p", { class: "muted" }, "No data-quality check for this answer.")); return; }
  const dl = h("dl", { class: "provenance" });
  if (dq.requested) dl.append(h("dt", {}, "Asked about"), h("dd", {}, dq.requested));
  if (dq.observed) dl.append(h("dt", {}, "Data covers"), h("dd", {}, dq.observed));
  if (dq.missing_buckets && dq.missing_buckets.length) dl.append(h("dt", {}, "Missing"), h("dd", {}, dq.missing_buckets.join(", ")));
  $("dq-body").replaceChildren(h("p", { class: "dq-status " + dq.status }, dq.status.replace("_", " ")), h("p", { class: "dq-words" }, coverageWords(dq.status, dq) + "."), dl);
}

/**
 * What a data-coverage verdict means, in plain words (quality/TimelinessCheck): whether the data the answer used holds
 * every day, month or year of the period the question asks about, or why that was not checked. Without the verdict's
 * evidence (a step that streams before the answer), a coarser sentence.
 */
function coverageWords(status, dq) {
  const asked = dq && dq.requested ? dq.requested.replace(/ \(.*$/, "") : null;
  const period = asked && asked.includes(" to ") ? "the period from " + asked : asked;
  const grain = dq && dq.requested ? ((/by (day|month|year)\)/.exec(dq.requested) || [])[1] || "part") : "part";
  const missing = (dq && dq.missing_buckets) || [];
  switch (status) {
    case "OK": return "Covered: the data has every " + grain + " of " + (period || "the period asked about");
    case "PARTIAL": return "Partly covered: " + (missing.length ? missing.length + " " + grain + (missing.length === 1 ? " of " + (period || "the period") + " has" : "s of " + (period || "the period") + " have")
      + " no data (" + missing.join(", ") + ")" : "some of the period asked about has no data");
    case "MISMATCH": return "Not covered: the data has nothing for " + (period || "the period asked about");
    case "UNKNOWN": return !dq ? "Not checked: no period of the question could be matched to a date in the data"
      : period ? "Not checked: the tables used have no date column to check " + period + " against" : "Not checked: the question names no period";
    case "NOT_EVALUATED": return "Not checked: no query ran, so no data was used";
    default: return status;
  }
}

/**
 * A step as it streams in: a query run is shown whole (a scrollable block, never cut), the data-coverage verdict in words,
 * and any other detail cut after a whole word, with a button that shows the rest.
 */
function stepItem(step) {
  const label = STEP_LABELS[step.step] || step.step;
  if (step.step === "thread") return h("li", {}, label);
  if (step.step === "executed") return h("li", { class: "step-sql" }, label, h("pre", {}, h("code", {}, step.detail)));
  if (step.step === "dq") return h("li", { class: "step-dq", title: step.detail }, label + ": " + coverageWords(step.detail.split(" ")[0], null));
  const short = clipAtWord(step.detail, 200);
  if (short === step.detail) return h("li", {}, label + ": " + step.detail);
  const text = h("span", {}, short);
  const more = h("button", { type: "button", class: "link more", onclick: () => { text.textContent = step.detail; more.remove(); } }, "more");
  return h("li", {}, label + ": ", text, " ", more);
}

async function ask(question) {
  question = (question || "").trim();
  if (!question || state.asking) return;
  state.asking = true;
  $("ask-button").disabled = true;
  const empty = document.getElementById("chat-empty");
  if (empty && empty.parentNode) empty.remove();
  const steps = h("ol", { class: "steps" });
  const summary = h("summary", {}, "Working…");
  const log = h("details", { class: "steps-log", open: true }, summary, steps);
  const turn = h("div", { class: "turn" }, h("div", { class: "question" }, question), log);
  $("turns").append(turn);
  $("question").value = "";
  scrollChat();
  try {
    const answer = await streamAsk(question, (step) => {
      steps.append(stepItem(step));
      steps.scrollTop = steps.scrollHeight;
    });
    const coverage = steps.querySelector("li.step-dq");
    if (coverage && answer.dq) coverage.replaceChildren(STEP_LABELS.dq + ": " + coverageWords(answer.dq.status, answer.dq));
    turn.append(renderAnswer(answer));
    showDq(answer);
    const first = !state.thread;
    state.thread = answer.thread_id;
    if (first && answer.thread_id) history.replaceState(null, "", "#/ask/" + encodeURIComponent(answer.thread_id));
    loadThreads(state.thread);
  } catch (e) {
    turn.append(h("div", { class: "answer kind-error" }, h("p", { class: "text error" }, e.message)));
  } finally {
    log.open = false;
    summary.textContent = "Steps (" + steps.childElementCount + ")";
    if (!steps.childElementCount) log.remove(); // refused before any work: nothing to show
    state.asking = false;
    $("ask-button").disabled = false;
    scrollChat();
  }
}

/** POSTs the question to the streaming endpoint and reads its server-sent events until the answer. */
async function streamAsk(question, onStep) {
  const res = await fetch("/api/ask/stream", {
    method: "POST",
    headers: { Authorization: "Bearer " + state.token, "Content-Type": "application/json", Accept: "text/event-stream" },
    // dq_panel: the answer carries its data-coverage verdict, which the steps explain (the panel shows only when it is on)
    body: JSON.stringify({ question, thread_id: state.thread, origin: "web", dq_panel: true }),
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const err = new ApiError(res.status, body);
    if (res.status === 429) err.message += " (retry after " + res.headers.get("Retry-After") + " s)";
    if (res.status === 401) signOut();
    throw err;
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let answer = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = (block.match(/^event: (.*)$/m) || [])[1];
      const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
      if (!data) continue;
      const payload = JSON.parse(data);
      if (event === "step") onStep(payload);
      if (event === "answer") answer = payload;
    }
    if (done) break;
  }
  if (!answer) throw new Error("the connection closed before the answer came");
  return answer;
}

// ---------------------------------------------------------------- knowledge

const KINDS = {
  tables: { key: "table", sub: "description", template: { table: "", description: "", owner: "", refresh_frequency: "", time_column: "", use_cases: [], data_quality_notes: [], column_notes: {} } },
  metrics: { key: "name", sub: "definition", template: { name: "", label: "", definition: "", sql: "", unit: "", owner: "", caveats: [], tags: [], synonyms: [] } },
  queries: { key: "name", sub: "question", template: { name: "", question: "", sql: "", tables: [], tags: [], verified_by: "", verified_at: "" } },
  rules: { key: "name", sub: "title", template: { name: "", title: "", description: "", applies_to_tables: [], applies_to_metrics: [], tags: [] } },
  golden: { key: "id", sub: "question", template: null },
  semantic: { key: "name", sub: "description", json: ["datasets", "relationships", "metrics"],
    template: { name: "", description: "", datasets: [], relationships: [], metrics: [] } },
};
const LONG_FIELDS = new Set(["description", "definition", "sql", "expected_sql", "question", "grain"]);

async function showKnowledge(kind, name) {
  if (!KINDS[kind]) kind = "metrics";
  document.querySelectorAll("#knowledge-tabs a").forEach((a) => a.classList.toggle("active", a.dataset.kind === kind));
  $("knowledge-new").hidden = !can("editor") || !KINDS[kind].template;
  $("knowledge-new").onclick = () => editItem(kind, null, Object.assign({}, KINDS[kind].template,
    "verified_at" in KINDS[kind].template ? { verified_at: serverNow().toISOString().slice(0, 10) } : {}));
  const items = await api("GET", "/api/knowledge/" + kind);
  state.knowledge = { kind, items };
  renderKnowledgeList(name);
  if (name) {
    try {
      const found = await api("GET", "/api/knowledge/" + kind + "/" + encodeURIComponent(name));
      showItem(kind, name, found.item, found.file);
    } catch (e) {
      $("knowledge-detail").replaceChildren(h("p", { class: "error" }, e.message));
    }
  } else {
    $("knowledge-detail").replaceChildren(h("p", { class: "muted" }, items.length + " item(s). Choose one to read" + (can("editor") ? " or edit" : "") + " it."));
  }
}

function renderKnowledgeList(active) {
  const { kind, items } = state.knowledge;
  const filter = $("knowledge-filter").value.toLowerCase();
  const spec = KINDS[kind];
  $("knowledge-list").replaceChildren(...items
    .filter((i) => !filter || JSON.stringify(i).toLowerCase().includes(filter))
    .map((i) => h("li", {}, h("a", { href: "#/knowledge/" + kind + "/" + encodeURIComponent(i[spec.key]), class: i[spec.key] === active ? "active" : null },
      i[spec.key], h("small", {}, i[spec.sub] || "")))));
}

function showItem(kind, name, item, file) {
  const fields = h("dl", { class: "item-view" });
  for (const [k, v] of Object.entries(item)) {
    if (v == null || (Array.isArray(v) && !v.length) || (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length)) continue;
    let shown;
    if (typeof v === "string") shown = k.includes("sql") ? h("pre", {}, h("code", {}, v)) : v;
    else if (Array.isArray(v) && v.every((x) => typeof x !== "object")) shown = v.some((x) => String(x).length > 40) ? h("ul", {}, v.map((x) => h("li", {}, x))) : v.join(", ");
    else shown = h("pre", {}, JSON.stringify(v, null, 2));
    fields.append(h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, shown));
  }
  $("knowledge-detail").replaceChildren(
    h("h1", {}, name), file ? h("p", { class: "muted" }, "knowledge/" + file) : null, fields,
    can("editor") ? h("div", { class: "actions" },
      h("button", { type: "button", class: "primary", id: "edit-item", onclick: () => editItem(kind, name, item) }, "Edit"),
      h("button", { type: "button", class: "danger", onclick: () => deleteItem(kind, name) }, "Delete")) : null);
}

function editItem(kind, name, item) {
  const spec = KINDS[kind];
  if (spec.json) item = Object.assign({}, spec.template, item); // every list of a semantic file is offered, even when empty
  const inputs = [];
  const form = h("form", { class: "fields", id: "item-form" });
  for (const [k, v] of Object.entries(item)) {
    let input;
    if (typeof v === "string" || v == null) {
      input = LONG_FIELDS.has(k) ? h("textarea", { rows: k.includes("sql") ? 8 : 3, class: k.includes("sql") ? "code" : null }) : h("input", { type: "text" });
      input.value = v == null ? "" : v;
      inputs.push([k, () => input.value.trim() || null]);
    } else if (Array.isArray(v) && v.every((x) => typeof x !== "object") && !(spec.json || []).includes(k)) {
      input = h("textarea", { rows: Math.max(2, Math.min(6, v.length)), placeholder: "one per line" });
      input.value = v.join("\n");
      inputs.push([k, () => input.value.split("\n").map((x) => x.trim()).filter(Boolean)]);
    } else if (typeof v === "number" || typeof v === "boolean") {
      input = h("input", { type: "text" });
      input.value = String(v);
      inputs.push([k, () => JSON.parse(input.value)]);
    } else {
      input = h("textarea", { rows: 6, class: "code" });
      input.value = JSON.stringify(v, null, 2);
      inputs.push([k, () => JSON.parse(input.value || "null")]);
    }
    input.name = k;
    input.id = "field-" + k;
    if (k === spec.key && name) input.readOnly = true;
    form.append(h("div", { class: "field" }, h("label", { for: input.id }, k.replace(/_/g, " ")), input));
  }
  const problems = h("div", { class: "problems", role: "alert" });
  form.append(problems, h("div", { class: "actions" },
    h("button", { type: "submit", class: "primary", id: "save-item" }, "Save"),
    h("button", { type: "button", onclick: () => route() }, "Cancel")));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const body = {};
    try {
      for (const [k, read] of inputs) { const val = read(); if (val !== null && !(Array.isArray(val) && !val.length)) body[k] = val; }
    } catch (e) { problems.replaceChildren("A structured field is not valid JSON: " + e.message); return; }
    const key = body[spec.key];
    if (!key) { problems.replaceChildren("The " + spec.key + " is required."); return; }
    try {
      await api("PUT", "/api/knowledge/" + kind + "/" + encodeURIComponent(key), body);
      location.hash = "#/knowledge/" + kind + "/" + encodeURIComponent(key);
      if (name === key) route();
    } catch (e) {
      problems.replaceChildren(h("p", {}, e.message), h("ul", {}, e.problems.map((p) => h("li", {}, p.file + ":" + p.line + ": " + p.message))));
    }
  });
  $("knowledge-detail").replaceChildren(h("h1", {}, name ? "Edit " + name : "New " + kind.replace(/s$/, "")), form);
}

async function deleteItem(kind, name) {
  if (!confirm("Delete " + name + "? Its knowledge file is changed and re-imported.")) return;
  try {
    await api("DELETE", "/api/knowledge/" + kind + "/" + encodeURIComponent(name));
    location.hash = "#/knowledge/" + kind;
  } catch (e) {
    $("knowledge-detail").append(h("p", { class: "error" }, e.message));
  }
}

// ---------------------------------------------------------------- learnings

async function showLearnings() {
  const rows = await api("GET", "/api/learnings");
  const card = (l) => h("li", { class: "card learning" + (l.active ? "" : " inactive"), "data-id": l.id },
    h("div", { class: "row" }, h("strong", {}, l.description)),
    h("div", { class: "row muted" }, h("span", {}, l.id), h("span", {}, l.category), h("span", {}, "tables: " + l.tables.join(", ")),
      h("span", { title: "confidence " + l.confidence.toFixed(2) }, h("span", { class: "meter" }, h("span", { style: "width:" + Math.round(l.confidence * 100) + "%" }))),
      h("span", {}, "used " + l.times_applied + "×")),
    (l.original_sql || l.corrected_sql) ? h("details", {}, h("summary", {}, "SQL before and after"),
      l.original_sql ? h("pre", {}, l.original_sql) : null, l.corrected_sql ? h("pre", {}, l.corrected_sql) : null) : null,
    l.active && can("editor") ? h("div", { class: "actions" },
      h("button", { type: "button", class: "primary promote-rule", onclick: () => learningAction(l, "promote", { as: "rule" }) }, "Promote to rule"),
      l.corrected_sql ? h("button", { type: "button", class: "promote-query", onclick: () => learningAction(l, "promote", { as: "query" }) }, "Promote to verified query") : null,
      h("button", { type: "button", class: "danger deactivate", onclick: () => learningAction(l, "deactivate") }, "Deactivate")) : null,
    h("p", { class: "problems", role: "alert" }));
  const active = rows.filter((l) => l.active);
  const done = rows.filter((l) => !l.active);
  $("learnings-active").replaceChildren(...(active.length ? active.map(card) : [h("li", { class: "muted" }, "Nothing to review.")]));
  $("learnings-done").replaceChildren(...(done.length ? done.map(card) : [h("li", { class: "muted" }, "None yet.")]));
}

async function learningAction(l, action, body) {
  try {
    await api("POST", "/api/learnings/" + encodeURIComponent(l.id) + "/" + action, body || {});
    await showLearnings();
  } catch (e) {
    const box = document.querySelector('.learning[data-id="' + CSS.escape(l.id) + '"] .problems');
    box.replaceChildren(e.message, ...e.problems.map((p) => h("div", {}, p.file + ":" + p.line + ": " + p.message)));
  }
}

// ---------------------------------------------------------------- evals

async function showEvals(runId) {
  const seq = ++state.evalSeq;
  clearTimeout(state.evalTimer);
  const [runs, golden] = await Promise.all([api("GET", "/api/evals"), state.goldenTags ? null : api("GET", "/api/golden")]);
  if (seq !== state.evalSeq) return; // a newer refresh has taken over
  if (golden && !state.goldenTags) {
    state.goldenTags = [...new Set(golden.flatMap((g) => g.tags))].sort();
    $("eval-tag").append(...state.goldenTags.map((t) => h("option", {}, t)));
  }
  const cell = (label, ...content) => h("td", { "data-label": label }, ...content);
  $("runs").tBodies[0].replaceChildren(...runs.map((r) => h("tr", { class: "clickable" + (r.id === runId ? " active" : ""), "data-run": r.id, "data-status": r.status, onclick: () => { location.hash = "#/evals/" + r.id; } },
    cell("Run", h("a", { href: "#/evals/" + r.id }, r.id)), cell("Started", r.started_at.replace("T", " ").slice(0, 19)), cell("Filters", r.filters || "all"), cell("Model", r.model),
    cell("Status", r.status === "running" ? [h("span", { class: "progress" }, h("span", { style: "width:" + Math.round(100 * r.done / Math.max(1, r.selected)) + "%" })), r.done + "/" + r.selected] : r.status),
    cell("Accuracy", r.accuracy == null ? "–" : (100 * r.accuracy).toFixed(1) + "% (" + r.passed + "/" + r.done + ")"))));
  diffChoices(runs);
  drawAccuracy(runs);
  if (runId) await showRun(runId);
  else if (!state.showingDiff) $("eval-detail").replaceChildren();
  if (seq === state.evalSeq && runs.some((r) => r.status === "running")) {
    state.evalTimer = setTimeout(() => { if (!$("view-evals").hidden) showEvals(currentRun()); }, 1000);
  }
}

/**
 * The runs the diff compares: until someone picks, the one before the latest with the latest (two different runs, kept
 * so as new runs come in); a pick stays while its runs exist. With fewer than two runs there is nothing to compare.
 */
function diffChoices(runs) {
  const base = $("diff-base").value;
  const other = $("diff-other").value;
  const exists = (id) => runs.some((r) => r.id === id);
  const options = runs.map((r) => h("option", { value: r.id }, r.id + " · " + r.started_at.slice(0, 16).replace("T", " ") + " · " + (r.filters || "all")));
  $("diff-base").replaceChildren(...options.map((o) => o.cloneNode(true)));
  $("diff-other").replaceChildren(...options);
  const kept = state.diffChosen && exists(base) && exists(other);
  if (runs.length > 1) {
    $("diff-base").value = kept ? base : runs[1].id;
    $("diff-other").value = kept ? other : runs[0].id;
  }
  $("diff-form").hidden = runs.length < 2;
  checkDiff();
}

/** Diffing a run with itself shows nothing: say so instead. */
function checkDiff() {
  const same = $("diff-base").value === $("diff-other").value;
  $("diff-form").querySelector("button").disabled = same;
  $("diff-same").hidden = !same;
}

const currentRun = () => ((location.hash.match(/^#\/evals\/(.+)$/) || [])[1] || null);

function drawAccuracy(runs) {
  const points = runs.filter((r) => r.status === "complete" && r.accuracy != null).map((r) => ({ started: r.started_at, accuracy: r.accuracy, run: r.id, filters: r.filters || "all" }));
  const box = $("accuracy-chart");
  if (points.length < 1 || !window.vegaEmbed) { box.replaceChildren(); return; }
  const narrow = box.clientWidth < 560; // a phone: the legend goes below the chart, not beside it
  window.vegaEmbed(box, {
    $schema: "https://vega.github.io/schema/vega-lite/v5.json", width: Math.max(220, box.clientWidth - (narrow ? 70 : 160)), height: 160, title: "Accuracy over time",
    data: { values: points },
    mark: { type: "line", point: true },
    encoding: {
      x: { field: "started", type: "temporal", title: null, axis: { format: "%b %d %H:%M", labelAngle: 0, tickCount: 4 } },
      y: { field: "accuracy", type: "quantitative", axis: { format: "%" }, scale: { domain: [0, 1] }, title: null },
      color: { field: "filters", type: "nominal", title: "Filters", legend: narrow ? { orient: "bottom" } : {} },
      tooltip: [{ field: "run" }, { field: "accuracy", format: ".1%" }, { field: "filters" }],
    },
  }, { actions: false, renderer: "svg" }).catch(() => box.replaceChildren());
}

async function showRun(id) {
  state.showingDiff = false;
  const r = await api("GET", "/api/evals/" + encodeURIComponent(id));
  const run = r.run;
  $("eval-detail").replaceChildren(
    h("h3", {}, "Run " + run.id),
    h("p", { id: "run-summary", "data-run": run.id, "data-status": run.status }, run.status + " · " + run.done + " of " + run.selected + " asked · " + run.passed + " passed"),
    resultsTable(["", "Question", "Difficulty", "Result"], r.results.map((x) => [x.passed ? "✓" : "✗", x.golden_id + " · " + x.question, x.difficulty, x.reason || ""])));
}

async function showDiff(base, other) {
  state.showingDiff = true;
  const d = await api("GET", "/api/evals/" + encodeURIComponent(base) + "/diff/" + encodeURIComponent(other));
  const mark = (v) => v == null ? "–" : v ? "✓" : "✗";
  $("eval-detail").replaceChildren(
    h("h3", {}, "Diff " + d.base.id + " → " + d.other.id),
    h("p", {}, h("span", { class: "fail" }, d.newly_failing.length + " newly failing"), " · ", h("span", { class: "pass" }, d.newly_passing.length + " newly passing")),
    resultsTable(["Question", d.base.id, d.other.id], d.questions.filter((q) => q.before !== q.after).concat(d.questions.filter((q) => q.before === q.after))
      .map((q) => [q.golden_id + " · " + q.question, mark(q.before), mark(q.after)])));
}

/**
 * Eval results as a full-width table whose cells wrap (no box of its own to scroll, sideways or down: the page scrolls);
 * at phone width each row becomes a card, each value under its column's name.
 */
function resultsTable(columns, rows) {
  return h("table", { class: "data results" },
    h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((v, i) => h("td", { "data-label": columns[i] || "Passed", class: v === "✓" ? "pass" : v === "✗" ? "fail" : null }, v))))));
}

// ---------------------------------------------------------------- wiring

document.addEventListener("DOMContentLoaded", () => {
  $("login-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("login-error").textContent = "";
    const token = $("token").value.trim();
    try { await signIn(token); localStorage.setItem("almanac.token", token); $("token").value = ""; } catch (e) { $("login-error").textContent = e.message; signOut(); }
  });
  $("ask-form").addEventListener("submit", (ev) => { ev.preventDefault(); ask($("question").value); });
  $("question").addEventListener("keydown", (ev) => { if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); ask($("question").value); } });
  $("new-thread").addEventListener("click", () => { location.hash = "#/ask"; newThread(); });
  $("new-thread-bar").addEventListener("click", () => { location.hash = "#/ask"; newThread(); });
  $("threads-toggle").addEventListener("click", () => {
    const open = $("threads-panel").classList.toggle("open");
    $("threads-toggle").setAttribute("aria-expanded", String(open));
  });
  $("threads-all").checked = state.allThreads;
  $("threads-all").addEventListener("change", () => {
    state.allThreads = $("threads-all").checked;
    localStorage.setItem("almanac.allThreads", String(state.allThreads));
    loadThreads(state.thread);
  });
  $("knowledge-filter").addEventListener("input", () => renderKnowledgeList(null));
  $("eval-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    $("eval-error").textContent = "";
    try {
      const started = await api("POST", "/api/evals", { tag: $("eval-tag").value || null, difficulty: $("eval-difficulty").value || null });
      $("eval-detail").replaceChildren();
      location.hash = "#/evals/" + started.id;
    } catch (e) { $("eval-error").textContent = e.message; }
  });
  for (const id of ["diff-base", "diff-other"]) $(id).addEventListener("change", () => { state.diffChosen = true; checkDiff(); });
  $("diff-form").addEventListener("submit", (ev) => { ev.preventDefault(); showDiff($("diff-base").value, $("diff-other").value).catch((e) => { $("eval-detail").textContent = e.message; }); });
  window.addEventListener("hashchange", () => route());
  if (state.token) signIn(state.token).catch(() => signOut());
  else signOut();
});
