// The SQL editor: CodeMirror 6 (static/vendor/codemirror-*/editor.min.js, loaded only on pages
// that have a <textarea data-sql-editor>) over a textarea that stays in its form and is kept in
// step with the editor, so the form posts what the editor shows; without JavaScript the textarea
// is the editor. Flink SQL highlighting (keywords, types, functions from /sql-editor/language),
// completion of the catalog's names (the environment's sql-editor/completions, what the reader
// may see), markers at Flink's line and column, Ctrl+Enter submits, Format rewrites the text as
// Flink writes it (sql-editor/format).
(function () {
  "use strict";

  var script = document.currentScript;
  var bundleUrl = script && script.dataset.bundle;
  var languageUrl = script && script.dataset.language;
  var loading = null;
  var languageWords = null;
  var catalogs = {};  // completions URL -> promise of the environment's names

  function loadBundle() {
    if (window.CodeMirror) { return Promise.resolve(window.CodeMirror); }
    if (!loading) {
      loading = new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = bundleUrl;
        tag.onload = function () { resolve(window.CodeMirror); };
        tag.onerror = reject;
        document.head.appendChild(tag);
      });
    }
    return loading;
  }

  function getJson(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .catch(function () { return null; });
  }

  function words() {
    if (!languageWords) { languageWords = getJson(languageUrl); }
    return languageWords;
  }

  // The environment's part of the page's path: /env/<name>/
  function environmentPath() {
    var found = window.location.pathname.match(/^\/env\/[^/]+\//);
    return found ? found[0] : null;
  }

  function pathName(segment) {
    var found = window.location.pathname.match(new RegExp("/" + segment + "/([^/]+)"));
    return found ? decodeURIComponent(found[1]) : "";
  }

  function settingsOf(textarea) {
    var env = environmentPath();
    return {
      completions: textarea.dataset.completionsUrl || (env && env + "sql-editor/completions"),
      format: textarea.dataset.formatUrl || (env && env + "sql-editor/format"),
      catalog: textarea.dataset.catalog || pathName("catalogs"),
      database: textarea.dataset.database || pathName("databases"),
    };
  }

  // The names of the environment, those where the statements run first (a large catalog's
  // answer is bounded: the server says "complete": false when it left names out).
  function names(settings) {
    if (!settings.completions) { return Promise.resolve(null); }
    var url = settings.completions + "?" + new URLSearchParams(
      { catalog: settings.catalog || "", database: settings.database || "" }).toString();
    if (!catalogs[url]) { catalogs[url] = getJson(url); }
    return catalogs[url];
  }

  // lang-sql's namespace: catalog > database > table > columns, with what Flink resolves
  // unqualified (the current catalog's databases, the current database's tables) at the top.
  function namespaceOf(found, settings) {
    var top = {};
    function escaped(name) { return name.replace(/\./g, "\\."); }
    function tablesOf(database) {
      var tables = {};
      database.tables.forEach(function (table) { tables[escaped(table.name)] = table.columns; });
      return tables;
    }
    (found.catalogs || []).forEach(function (catalog) {
      var databases = {};
      catalog.databases.forEach(function (database) {
        databases[escaped(database.name)] = tablesOf(database);
        if (catalog.name === settings.catalog) {
          if (!top[escaped(database.name)]) { top[escaped(database.name)] = tablesOf(database); }
          if (database.name === settings.database) {
            database.tables.forEach(function (table) {
              if (!top[escaped(table.name)]) { top[escaped(table.name)] = table.columns; }
            });
          }
        }
      });
      top[escaped(catalog.name)] = databases;
    });
    return top;
  }

  // Columns of the tables the statement under the cursor reads, and functions: completed
  // without qualification.
  function columnsAndFunctions(found, settings, language) {
    var byName = {};
    var functions = [];
    (found.catalogs || []).forEach(function (catalog) {
      catalog.databases.forEach(function (database) {
        database.tables.forEach(function (table) {
          var here = catalog.name === settings.catalog && database.name === settings.database;
          var keys = [catalog.name + "." + database.name + "." + table.name];
          if (catalog.name === settings.catalog) { keys.push(database.name + "." + table.name); }
          if (here) { keys.push(table.name); }
          keys.forEach(function (key) { byName[key.toLowerCase()] = table.columns; });
        });
        if (catalog.name === settings.catalog && database.name === settings.database) {
          database.functions.forEach(function (name) {
            functions.push({ label: name, type: "function", detail: "catalog function" });
          });
        }
      });
    });
    (language && language.functions || []).forEach(function (name) {
      functions.push({ label: name, type: "function", detail: "built-in" });
    });
    return function (context) {
      var word = context.matchBefore(/[\w$]+/);
      if (!word && !context.explicit) { return null; }
      var before = context.state.sliceDoc(Math.max(0, context.pos - 1), context.pos);
      if (before === ".") { return null; }  // a qualified name: the schema source answers
      var text = context.state.doc.toString();
      var start = text.lastIndexOf(";", context.pos - 1) + 1;
      var end = text.indexOf(";", context.pos);
      var statement = text.slice(start, end < 0 ? text.length : end);
      var options = [];
      var seen = {};
      var reads = /\b(?:FROM|JOIN)\s+([`\w.$]+)/gi;
      var match;
      while ((match = reads.exec(statement)) !== null) {
        var columns = byName[match[1].replace(/`/g, "").toLowerCase()] || [];
        columns.forEach(function (column) {
          if (seen[column]) { return; }
          seen[column] = true;
          options.push({ label: column, type: "property", detail: "column", boost: 2 });
        });
      }
      return {
        from: word ? word.from : context.pos,
        options: options.concat(functions),
        validFor: /^[\w$]*$/,
      };
    };
  }

  function dialectOf(CM, language) {
    var lower = function (list) { return (list || []).join(" ").toLowerCase(); };
    var keywords = {};
    (language && language.keywords || []).forEach(function (w) { keywords[w.toLowerCase()] = 1; });
    // a function named by a keyword (CAST, AS, LIKE) is highlighted as the keyword
    var functions = (language && language.functions || []).filter(function (name) {
      return !keywords[name.toLowerCase()];
    });
    return CM.SQLDialect.define({
      keywords: lower(language && language.keywords),
      types: lower(language && language.types),
      builtin: lower(functions),
      identifierQuotes: "`",
      backslashEscapes: false,
      doubleQuotedStrings: false,
      caseInsensitiveIdentifiers: true,
    });
  }

  function offsetOf(doc, line, column) {
    var lineNumber = Math.min(Math.max(line, 1), doc.lines);
    var at = doc.line(lineNumber);
    return Math.min(at.from + Math.max(column, 1) - 1, at.to);
  }

  function diagnosticsOf(doc, markers) {
    return (markers || []).map(function (marker) {
      var from = offsetOf(doc, marker.line, marker.column);
      var to = offsetOf(doc, marker.end_line, marker.end_column) + 1;
      return {
        from: from,
        to: Math.max(Math.min(to, doc.length), from),
        severity: "error",
        message: marker.message,
      };
    });
  }

  function csrfToken(form) {
    var field = form && form.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }

  function enhance(CM, textarea, language, found) {
    var settings = settingsOf(textarea);
    var form = textarea.form;
    var label = textarea.id && document.querySelector("label[for='" + textarea.id + "']");
    if (label && !label.id) { label.id = textarea.id + "-label"; }
    var status = document.createElement("p");
    status.className = "editor-status";
    status.setAttribute("role", "status");
    var dialect = dialectOf(CM, language);
    var keywords = CM.keywordCompletionSource(dialect, true);
    var sources = [function (context) {  // no keyword right after a qualifier's dot
      var word = context.matchBefore(/[\w$]*/);
      var at = word ? word.from : context.pos;
      return context.state.sliceDoc(at - 1, at) === "." ? null : keywords(context);
    }];
    if (found) {
      sources.unshift(columnsAndFunctions(found, settings, language));
      sources.unshift(CM.schemaCompletionSource({
        dialect: dialect, schema: namespaceOf(found, settings),
      }));
    }

    function submit() {
      if (form) { form.requestSubmit(); }
      return true;
    }

    // typing may have begun in the textarea: the editor takes the text, the caret and focus
    var focused = document.activeElement === textarea;
    var caret = Math.min(textarea.selectionEnd || 0, textarea.value.length);
    var view = new CM.EditorView({
      doc: textarea.value,
      selection: { anchor: caret },
      extensions: [
        CM.lineNumbers(),
        CM.history(),
        CM.drawSelection(),
        CM.highlightActiveLine(),
        CM.bracketMatching(),
        CM.closeBrackets(),
        CM.indentOnInput(),
        CM.highlightSelectionMatches(),
        CM.lintGutter(),
        CM.syntaxHighlighting(CM.classHighlighter),
        dialect.language,
        CM.autocompletion({ override: sources, activateOnTyping: true }),
        CM.keymap.of([{ key: "Mod-Enter", run: submit, preventDefault: true }].concat(
          CM.closeBracketsKeymap, CM.completionKeymap, CM.searchKeymap, CM.historyKeymap,
          CM.defaultKeymap)),
        CM.EditorView.lineWrapping,
        CM.EditorView.editorAttributes.of({ class: "sql-editor" }),
        CM.EditorView.contentAttributes.of({
          "aria-multiline": "true",
          "aria-labelledby": label ? label.id : "",
          "aria-describedby": textarea.getAttribute("aria-describedby") || "",
          "spellcheck": "false",
          "autocapitalize": "off",
          "autocorrect": "off",
        }),
        CM.EditorView.updateListener.of(function (update) {
          if (!update.docChanged) { return; }
          textarea.value = update.state.doc.toString();
          textarea.dispatchEvent(new Event("input", { bubbles: true }));
        }),
      ],
    });
    if (label) {  // the label names the editor now, and a click on it goes there
      label.removeAttribute("for");
      label.addEventListener("click", function () { view.focus(); });
    }
    textarea.removeAttribute("required");
    textarea.hidden = true;
    textarea.insertAdjacentElement("afterend", view.dom);

    var toolbar = document.createElement("div");
    toolbar.className = "editor-toolbar";
    if (settings.format) {
      var format = document.createElement("button");
      format.type = "button";
      format.className = "secondary";
      format.textContent = "Format";
      format.addEventListener("click", function () { formatText(view, settings, form, status); });
      toolbar.appendChild(format);
    }
    toolbar.appendChild(status);
    view.dom.insertAdjacentElement("afterend", toolbar);

    var markers = [];
    try { markers = JSON.parse(textarea.dataset.markers || "[]"); } catch (error) { markers = []; }
    if (markers.length) {
      view.dispatch(CM.setDiagnostics(view.state, diagnosticsOf(view.state.doc, markers)));
    }
    if (focused || textarea.hasAttribute("autofocus")) { view.focus(); }
    textarea.sqlEditor = view;
  }

  function formatText(view, settings, form, status) {
    var body = new URLSearchParams();
    body.set("sql", view.state.doc.toString());
    if (settings.catalog) { body.set("catalog", settings.catalog); }
    if (settings.database) { body.set("database", settings.database); }
    status.textContent = "Formatting…";
    status.classList.remove("error");
    fetch(settings.format, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(form), Accept: "application/json" },
      body: body,
    }).then(function (answer) {
      return answer.json().then(function (json) { return { ok: answer.ok, json: json }; });
    }).then(function (result) {
      var CM = window.CodeMirror;
      if (result.ok) {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: result.json.sql } });
        view.dispatch(CM.setDiagnostics(view.state, []));
        status.textContent = "Formatted as Flink writes it.";
        return;
      }
      status.textContent = result.json.error;
      status.classList.add("error");
      if (result.json.position) {
        var marker = Object.assign({ message: result.json.error }, result.json.position);
        view.dispatch(CM.setDiagnostics(view.state, diagnosticsOf(view.state.doc, [marker])));
      }
    }).catch(function () {
      status.textContent = "Formatting failed: the server did not answer.";
      status.classList.add("error");
    });
  }

  function enhanceAll(root) {
    var textareas = Array.prototype.filter.call(
      (root || document).querySelectorAll("textarea[data-sql-editor]"),
      function (textarea) { return !textarea.sqlEditorStarted; }
    );
    if (!textareas.length || !bundleUrl) { return; }
    textareas.forEach(function (textarea) { textarea.sqlEditorStarted = true; });
    loadBundle().then(function (CM) {
      textareas.forEach(function (textarea) {
        var settings = settingsOf(textarea);
        Promise.all([words(), names(settings)]).then(function (answers) {
          if (textarea.isConnected) {
            enhance(CM, textarea, answers[0], answers[1]);
          }
        });
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () { enhanceAll(document); });
  document.addEventListener("htmx:load", function (event) { enhanceAll(event.detail.elt); });
  // htmx serializes the form's fields: the textarea already holds the editor's text
})();
