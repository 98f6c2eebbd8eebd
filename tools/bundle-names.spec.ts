import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';

type NamesWithoutCalls = (code: string) => { code: string; rewritten: number };
const { namesWithoutCalls } = createRequire(__filename)('./bundle-names.cjs') as { namesWithoutCalls: NamesWithoutCalls };

/** esbuild's helper, as the bundle defines it (tools/bundle.mjs, cheapNames). */
const HELPER = 'var __name = (target, value) => (target.name === value ? target : Object.defineProperty(target, "name", { value, configurable: true }));\n';

/** What `code` leaves in `result`, run with the helper counting its definitions. */
function run(code: string): { result: unknown; definitions: number } {
  const context = { result: undefined as unknown, definitions: 0 };
  runInNewContext(`${HELPER.replace('Object.defineProperty(', '(definitions++, Object.defineProperty)(')}${code}`, context);
  return { result: context.result, definitions: context.definitions };
}

describe('namesWithoutCalls (the bundle without needless __name calls)', () => {
  it('drops a call whose function is already named so, and keeps the value where it is used', () => {
    const code = 'function next(){return 1}__name(next,"next");const alias=__name(next,"next");result=[next.name,alias(),alias.name];';
    const { code: rewritten, rewritten: count } = namesWithoutCalls(code);
    expect(count).toBe(2);
    expect(rewritten).not.toContain('__name');
    expect(rewritten).toHaveLength(code.length);
    expect(run(rewritten).result).toEqual(run(code).result);
    expect(run(rewritten).result).toEqual(['next', 1, 'next']);
  });

  it('lets JavaScript name an anonymous function given to a plain name, in every form of function', () => {
    const forms = [
      'const a=__name((x,y)=>x+y,"a")',
      'let b=__name(x=>x,"b")',
      'var c=__name(async(x)=>x,"c")',
      'var d=__name(async x=>x,"d")',
      'const e=__name(function(){return 1},"e")',
      'const f=__name(function*(){yield 1},"f")',
      'const g=__name(async function(){},"g")',
      'let h;h=__name(()=>{},"h")',
      'function i(j=__name(()=>1,"j")){return j}',
      'const k={k:__name(()=>1,"k"),l:__name(function(){},"l"),default:__name(()=>{},"default")}',
    ];
    const code = `${forms.join(';')};result=[a,b,c,d,e,f,g,h,i(),k.k,k.l,k.default].map((fn)=>fn.name).concat(a(1,2),b(3));`;
    const { code: rewritten, rewritten: count } = namesWithoutCalls(code);
    expect(count).toBe(forms.length + 2);
    expect(rewritten).not.toContain('__name');
    expect(rewritten).toHaveLength(code.length);
    expect(run(rewritten)).toEqual({ result: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'j', 'k', 'l', 'default', 3, 3], definitions: 0 });
    expect(run(code).result).toEqual(run(rewritten).result);
  });

  it('keeps the calls JavaScript would not name the same way', () => {
    const kept = [
      // esbuild renamed the binding: the name differs from it.
      'function next2(){}__name(next2,"next")',
      'const onDone2=__name(()=>{},"onDone")',
      // A property is not named by assignment.
      'const holder={};holder.run=__name(()=>{},"run")',
      // A named function keeps its own name, not the variable's.
      'const outer=__name(function inner(){},"outer")',
      // Classes: a static `name` member would survive JavaScript's naming and not the helper's.
      'const Klass=__name(class{},"Klass")',
      // The other branch of a condition, a computed or quoted member, and anything that is not a function.
      'const chosen=make?key:__name(()=>{},"key")',
      'const members={["key"]:__name(()=>{},"key"),"quoted":__name(()=>{},"quoted")}',
      'const value=__name(make(),"value")',
    ];
    const code = `var key;function make(){return function(){}}${kept.join(';')};result=[next2.name,onDone2.name,holder.run.name,outer.name,Klass.name,members.key.name,members.quoted.name,value.name];`;
    const { code: rewritten, rewritten: count } = namesWithoutCalls(code);
    expect(count).toBe(0);
    expect(rewritten).toBe(code);
    expect(run(code).result).toEqual(['next', 'onDone', 'run', 'outer', 'Klass', 'key', 'quoted', 'value']);
  });

  it('reads strings, templates, regular expressions and nested brackets as code, not text', () => {
    const code = [
      'const text="__name(x,\\"x\\")",pattern=/__name\\((x)/g;',
      'const tpl=`${__name(()=>1,"tpl")}`;',
      'const nested=__name((a=[1,(2)],{b}={b:{c:3}})=>a.length+b.c+`${"("}`.length,"nested");',
      'const slash=__name(x=>x/2/1,"slash");',
      'result=[text,pattern.source,tpl.length>0,nested.name,nested(),slash.name,slash(8)];',
    ].join('');
    const { code: rewritten, rewritten: count } = namesWithoutCalls(code);
    expect(count).toBe(2);
    expect(rewritten).toContain('"__name(x,\\"x\\")"');
    expect(rewritten).toContain('/__name\\((x)/g');
    expect(run(rewritten).result).toEqual(run(code).result);
    expect(run(rewritten).result).toEqual(['__name(x,"x")', '__name\\((x)', true, 'nested', 6, 'slash', 4]);
  });

  it('refuses code with a class whose static member is called name', () => {
    for (const member of ['static name(){}', 'static name="x";', 'static get name(){}', 'static ["name"](){}']) {
      expect(() => namesWithoutCalls(`class A{${member}}__name(A,"A");`)).toThrow(/static name member/);
    }
    expect(namesWithoutCalls('class A{static names(){}}__name(A,"A");').rewritten).toBe(1);
  });

  it('keeps the names of what esbuild bundles with keepNames, without the helper defining them', () => {
    const source = [
      'export function reply(cb) { const onFinished = (err) => cb(err); const onError = function (err) { return onFinished(err); }; function next() { return onError; } return next; }',
      'export class Service { handle() { const step = async () => 1; return step; } }',
    ].join('\n');
    const bundled = buildSync({ stdin: { contents: source, loader: 'js' }, bundle: true, format: 'cjs', keepNames: true, minifyWhitespace: true, write: false, platform: 'node' }).outputFiles[0]?.text ?? '';
    const probe = (code: string) =>
      run(`var module={exports:{}},exports=module.exports;${code.replace(/var __name=[^;]*;/, '')};const m=module.exports;result=[m.reply.name,m.reply(()=>1).name,m.reply(()=>1)().name,m.Service.name,new m.Service().handle().name];`);
    const { code: rewritten, rewritten: count } = namesWithoutCalls(bundled);
    expect(count).toBeGreaterThanOrEqual(4);
    expect(probe(rewritten).result).toEqual(['reply', 'next', 'onError', 'Service', 'step']);
    expect(probe(rewritten).result).toEqual(probe(bundled).result);
    expect(probe(rewritten).definitions).toBeLessThan(probe(bundled).definitions);
  });
});
