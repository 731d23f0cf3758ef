"""The styles and the script of the HTML report (:mod:`crossfoot.report.html`), inlined into
every page so that it opens with nothing fetched. The script only filters answers by status and
pins a figure's evidence on click; the page reads the same without it."""

__all__ = ["CSS", "JS"]

CSS = """
:root{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;color:#1f2328;background:#f6f8fa}
body{margin:0 auto;max-width:70rem;padding:1rem 1.5rem 4rem}
h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.05rem;margin:0 0 .4rem}
.by{color:#59636e;margin:0 0 .6rem}
#filters{display:flex;flex-wrap:wrap;gap:.4rem;margin:.6rem 0}
.chip{border:1px solid #d1d9e0;background:#fff;border-radius:1rem;padding:.15rem .6rem;
cursor:pointer;font:inherit;font-size:.85rem}
.chip[aria-pressed=false]{opacity:.45;text-decoration:line-through}
.only{font-size:.85rem;align-self:center;margin-left:.6rem}
.dot{display:inline-block;width:.65rem;height:.65rem;border-radius:50%;margin-right:.35rem;
background:var(--c,#8c959f)}
.chart text{font-size:11px;fill:#1f2328}
.item{background:#fff;border:1px solid #d1d9e0;border-radius:.5rem;padding:.8rem 1rem;
margin:.8rem 0}
.item[hidden]{display:none}
.badge{font-size:.75rem;border-radius:.3rem;padding:.05rem .4rem;margin-left:.4rem;color:#fff;
vertical-align:middle}
.badge.pass{background:#1a7f37}.badge.fail{background:#d1242f}.badge.error{background:#57606a}
.badge.warn{background:#9a6700}
.badge.expected{background:#eaeef2;color:#1f2328}.badge.mismatch{background:#9a6700}
.text{font-size:1rem;margin:.3rem 0 .6rem}
.question{color:#59636e;margin:0}
.error,.issue,.finding{color:#cf222e;margin:.2rem 0}
mark.fig{position:relative;background:color-mix(in srgb,var(--c) 18%,#fff);
border-bottom:2px solid var(--c);border-radius:.2rem;padding:0 .1rem;cursor:help;color:inherit}
mark.fig:focus{outline:2px solid var(--c)}
.tip{display:none;position:absolute;left:0;top:1.6em;z-index:10;min-width:18rem;max-width:34rem;
background:#fff;border:1px solid var(--c);border-radius:.4rem;padding:.5rem .6rem;
box-shadow:0 4px 14px rgba(0,0,0,.15);font-size:.85rem;line-height:1.4}
mark.fig:hover .tip,mark.fig:focus .tip,mark.fig.pinned .tip{display:block}
.tip>span,.tip>q{display:block;margin:.1rem 0}
.tip-status{font-weight:600;color:var(--c)}
.tip-formula{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
.tip-sentence{color:#59636e;font-style:italic}
table.claims{border-collapse:collapse;width:100%;font-size:.85rem;table-layout:fixed}
table.claims td:nth-child(1){width:10.5rem}table.claims td:nth-child(2){width:9rem}
table.claims td{border-top:1px solid #eaeef2;padding:.2rem .4rem;vertical-align:top}
table.claims td:first-child{white-space:nowrap}
"""

JS = """
(function(){
  var chips=[].slice.call(document.querySelectorAll('.chip'));
  var only=document.getElementById('only-mismatch');
  function apply(){
    var on={};
    chips.forEach(function(c){on[c.dataset.status]=c.getAttribute('aria-pressed')==='true';});
    document.querySelectorAll('article.item').forEach(function(a){
      var show=a.dataset.statuses.split(' ').some(function(s){return on[s];});
      if(only&&only.checked&&a.dataset.mismatch!=='true'){show=false;}
      a.hidden=!show;
    });
  }
  chips.forEach(function(c){c.addEventListener('click',function(){
    c.setAttribute('aria-pressed',c.getAttribute('aria-pressed')==='true'?'false':'true');apply();});});
  if(only){only.addEventListener('change',apply);}
  document.addEventListener('click',function(e){
    var m=e.target.closest?e.target.closest('mark.fig'):null;
    document.querySelectorAll('mark.fig.pinned').forEach(function(p){if(p!==m){p.classList.remove('pinned');}});
    if(m){m.classList.toggle('pinned');}
  });
  document.addEventListener('keydown',function(e){if(e.key==='Escape'){
    document.querySelectorAll('mark.fig.pinned').forEach(function(p){p.classList.remove('pinned');});}});
})();
"""
