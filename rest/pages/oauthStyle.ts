/** The one stylesheet of the sign-in, consent, connected-apps and console pages. */
export const oauthStylesheet = `
:root{--ink:#1f2328;--muted:#5b6470;--line:#d8dee4;--bg:#f6f8fa;--accent:#2557d6;--accent-ink:#fff;--danger:#b42318;--ok:#1a7f37;--radius:10px}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
header.top{display:flex;align-items:center;gap:.6rem;padding:.8rem 1.4rem;background:#fff;border-bottom:1px solid var(--line)}
header.top .brand{font-weight:650;font-size:1.05rem;color:var(--ink);text-decoration:none;display:flex;align-items:center;gap:.5rem}
header.top nav{margin-left:auto;display:flex;gap:1rem;align-items:center}
main{max-width:46rem;margin:2rem auto;padding:0 1rem}
main.narrow{max-width:28rem}
.card{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:1.6rem;margin-bottom:1.2rem}
h1{font-size:1.45rem;margin:.2rem 0 .6rem}
h2{font-size:1.1rem;margin:1.2rem 0 .5rem}
.muted{color:var(--muted)}
.small{font-size:.85rem}
.logos{display:flex;align-items:center;justify-content:center;gap:.8rem;margin-bottom:1rem}
.logos img,.logos svg{width:56px;height:56px;border-radius:12px;border:1px solid var(--line);background:#fff}
.logos .dots{color:var(--muted);letter-spacing:.2rem}
.placeholder{width:56px;height:56px;border-radius:12px;display:flex;align-items:center;justify-content:center;background:#e8edf5;font-weight:700;font-size:1.4rem;color:var(--accent)}
ul.scopes{list-style:none;padding:0;margin:.6rem 0 1.2rem}
ul.scopes li{padding:.55rem .7rem;border:1px solid var(--line);border-radius:8px;margin-bottom:.4rem}
ul.scopes code{font-size:.8rem;color:var(--muted)}
.badge{display:inline-block;font-size:.75rem;padding:.1rem .5rem;border-radius:999px;background:#fff4ce;color:#7a5b00;border:1px solid #f0d58a}
.badge.ok{background:#dafbe1;color:var(--ok);border-color:#aceebb}
.badge.off{background:#ffebe9;color:var(--danger);border-color:#ffcecb}
.actions{display:flex;gap:.6rem;margin-top:1rem;flex-wrap:wrap}
button,.button{font:inherit;padding:.55rem 1.1rem;border-radius:8px;border:1px solid var(--line);background:#fff;color:var(--ink);cursor:pointer;text-decoration:none;display:inline-block}
button.primary,.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}
button.danger{color:var(--danger);border-color:#ffcecb}
form.inline{display:inline}
label{display:block;font-weight:600;margin:.8rem 0 .25rem}
label.check{font-weight:400;display:flex;gap:.5rem;align-items:flex-start}
input[type=text],input[type=email],input[type=url],textarea{width:100%;font:inherit;padding:.5rem .6rem;border:1px solid var(--line);border-radius:8px}
input[inputmode=numeric]{letter-spacing:.3rem;font-size:1.2rem}
.error{background:#ffebe9;border:1px solid #ffcecb;color:var(--danger);padding:.7rem .9rem;border-radius:8px;margin:.6rem 0}
.notice{background:#ddf4ff;border:1px solid #b6e3ff;padding:.7rem .9rem;border-radius:8px;margin:.6rem 0}
.secret{font-family:ui-monospace,monospace;background:var(--bg);padding:.5rem;border-radius:6px;word-break:break-all}
.divider{display:flex;align-items:center;gap:.6rem;color:var(--muted);margin:1rem 0}
.divider:before,.divider:after{content:"";flex:1;border-top:1px solid var(--line)}
table{width:100%;border-collapse:collapse}
td,th{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
footer{text-align:center;color:var(--muted);font-size:.8rem;margin:2rem 0}
`;
