import type { ComponentChildren } from 'preact';

/** The bar at the top of every page: home, API docs, developer console, and the person. */
export function TopBar({ children, userName }: { children?: ComponentChildren; userName?: string | undefined }) {
  return (
    <header class="topbar">
      <a class="brand" href="/">
        Boards
      </a>
      <div class="topbar-middle">{children}</div>
      <nav class="topbar-links">
        <a href="/docs">API docs</a>
        <a href="/console">Developer console</a>
        {userName !== undefined && (
          <form method="post" action="/oauth/signout" class="inline">
            <a class="who" href="/account" title="Your account">
              {userName}
            </a>
            <button type="submit" class="link">
              Sign out
            </button>
          </form>
        )}
      </nav>
    </header>
  );
}

/** The page shown when nobody is signed in. */
export function SignInPrompt({ href }: { href: string }) {
  return (
    <div class="page">
      <TopBar />
      <main class="center">
        <h1>Boards</h1>
        <p>A whiteboard you share with your team, live.</p>
        <p>
          <a class="button primary" href={href}>
            Sign in
          </a>
        </p>
        <p class="muted">
          Building an integration? Read the <a href="/docs">API reference</a> or open the <a href="/console">developer console</a>.
        </p>
      </main>
    </div>
  );
}
