// Part of the bundling (tools/bundle.mjs), CommonJS so that its unit test can load it.
const { tokenizer, tokTypes: tt } = require('acorn');

const OPENING = new Set([tt.parenL, tt.bracketL, tt.braceL, tt.dollarBraceL]);
const CLOSING = new Set([tt.parenR, tt.bracketR, tt.braceR]);
const DECLARING = new Set(['const', 'let', 'var']);
const STATIC_NAME = /\bstatic\s*(?:async\s*|get\s+|set\s+)?(?:name\s*[(=;}]|\[\s*["'`]name["'`]\s*\])/;

const is = (token, type, value) => token !== undefined && token.type === type && (value === undefined || token.value === value);
const isName = (token, value) => is(token, tt.name, value);

/**
 * Whether a call's first argument, seen as its first tokens outside any nested bracket, is an
 * anonymous function or class: `function (`, `function* (`, `async function (`, `(…) =>`,
 * `x =>`, `async (…) =>`, `async x =>`. (A nested bracket's tokens are not among them, so
 * `(a, b) =>` is seen as `( ) =>`.) Not classes: a class with a static `name` member keeps it when
 * JavaScript names the class, and loses it to the helper.
 */
function anonymousFunction([a, b, c, d]) {
  if (is(a, tt._function)) return is(b, tt.parenL) || (is(b, tt.star) && is(c, tt.parenL));
  if (isName(a, 'async') && is(b, tt._function)) return is(c, tt.parenL) || (is(c, tt.star) && is(d, tt.parenL));
  if (is(a, tt.parenL)) return is(b, tt.parenR) && is(c, tt.arrow);
  if (isName(a, 'async') && is(b, tt.parenL)) return is(c, tt.parenR) && is(d, tt.arrow);
  if (isName(a, 'async') && isName(b)) return is(c, tt.arrow);
  if (isName(a)) return is(b, tt.arrow);
  return false;
}

/**
 * esbuild's `keepNames` wraps functions in `__name(fn, "name")`, and the bundle's helper defines
 * `name` on each new function object whose name differs. Two forms need no call, and cost one on
 * every run of the code around them, in request handlers too (Fastify's per-reply listener,
 * `const onResFinished = __name(err => …, "onResFinished")`, defined a property on every reply):
 *
 * - `__name(x, "x")`: a function declared `x` is already named "x" (esbuild passes the name it
 *   had in its module; when it renamed the binding, the two differ and the call stays). It
 *   becomes `x`.
 * - `x = __name(<anonymous function>, "x")`, `x` a plain name (a declaration or an assignment,
 *   not a property), and `{ x: __name(<anonymous function>, "x") }`, an object's member (Nest
 *   makes one on every guard's `switchToHttp()`): JavaScript names such a function "x" itself,
 *   parentheses around it included. It becomes `x = (<function>)`, `x: (<function>)`.
 *
 * Every replacement has the length of what it replaces, so the source map stays true.
 */
function namesWithoutCalls(code) {
  // A `__name(x, "x")` of a class declared `x` with a static `name` member would be no call to drop.
  const staticName = STATIC_NAME.exec(code);
  if (staticName) throw new Error(`tools/bundle-names.cjs: a class with a static name member (at ${staticName.index}); the rewrite assumes none`);
  const edits = [];
  /** One frame per open bracket; a `__name(` call's frame also gathers what the decision needs. */
  const stack = [];
  const recent = [];
  const options = { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true };
  for (const token of tokenizer(code, options)) {
    const innermost = stack[stack.length - 1];
    if (CLOSING.has(token.type)) {
      const frame = stack.pop();
      if (frame?.call && token.type === tt.parenR) decide(frame.call, token, edits);
      const outer = stack[stack.length - 1];
      if (outer?.call) outer.call.arguments.push(token);
    } else {
      if (innermost?.call) innermost.call.arguments.push(token);
      if (OPENING.has(token.type)) {
        const [callee, assign, target, beforeTarget] = recent;
        const call = token.type === tt.parenL && isName(callee, '__name') ? { callee, open: token, assign, target, beforeTarget, arguments: [] } : undefined;
        stack.push({ call });
      }
    }
    recent.unshift(token);
    if (recent.length > 4) recent.pop();
  }
  let result = '';
  let at = 0;
  for (const { start, end, text } of edits.sort((left, right) => left.start - right.start)) {
    result += code.slice(at, start) + text;
    at = end;
  }
  return { code: result + code.slice(at), rewritten: edits.filter((edit) => edit.call).length };
}

/** The edits for one `__name(…)` call (`call` on the first), from its tokens outside nested brackets and the tokens before it. */
function decide(call, close, edits) {
  const args = call.arguments;
  const name = args[args.length - 1];
  const comma = args[args.length - 2];
  if (!is(name, tt.string) || !is(comma, tt.comma) || args.filter((token) => token.type === tt.comma).length !== 1) return;
  const pad = (text, start, end) => text.padEnd(end - start, ' ');
  if (args.length === 3 && isName(args[0], name.value)) {
    edits.push({ start: call.callee.start, end: close.end, text: pad(name.value, call.callee.start, close.end), call: true });
    return;
  }
  const plainName = isName(call.target, name.value) && !is(call.beforeTarget, tt.dot) && !is(call.beforeTarget, tt.questionDot);
  const declaredOrAssigned = is(call.assign, tt.eq) && plainName && (call.beforeTarget === undefined || !isName(call.beforeTarget) || DECLARING.has(call.beforeTarget.value));
  // `{ key: fn }` or `, key: fn` (a keyword may be a key); not `c ? key : fn`, whose `key` comes after `?`.
  const propertyKey = call.target !== undefined && (call.target.type === tt.name || call.target.type.keyword !== undefined) && call.target.value === name.value;
  const property = is(call.assign, tt.colon) && propertyKey && (is(call.beforeTarget, tt.braceL) || is(call.beforeTarget, tt.comma));
  if (!(declaredOrAssigned || property) || !anonymousFunction(args)) return;
  edits.push({ start: call.callee.start, end: call.open.end, text: pad('(', call.callee.start, call.open.end), call: true });
  edits.push({ start: comma.start, end: close.end, text: pad(')', comma.start, close.end) });
}

module.exports = { namesWithoutCalls };
