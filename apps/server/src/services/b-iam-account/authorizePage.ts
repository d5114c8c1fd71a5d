import { PLATFORM_NAME } from "@tsp/domain";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The fields the form carries back unchanged. */
export interface AuthorizeParams {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state?: string | undefined;
  /** PKCE (RFC 7636), carried to the form post so the code is bound to it. */
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}

/**
 * The sign-in page of the authorization-code flow: Chinese, the platform name, username and
 * password, posting back to the same path. No scripts, no external assets (CSP forbids both).
 */
export function renderAuthorizePage(
  params: AuthorizeParams,
  options: { error?: string; username?: string } = {},
): string {
  const hidden = (
    ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method"] as const
  )
    .filter((k) => params[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(String(params[k]))}">`)
    .join("\n      ");
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  return `<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${PLATFORM_NAME} - 登录</title>
  <style>
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f0f2f5; font-family: system-ui, "PingFang SC", "Microsoft YaHei", sans-serif; }
    main { width: 360px; padding: 32px; background: #fff; border-radius: 8px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
    h1 { margin: 0 0 24px; font-size: 22px; text-align: center; color: #1f2937; }
    label { display: block; margin: 12px 0 4px; color: #374151; font-size: 14px; }
    input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 9px 11px; border: 1px solid #d1d5db; border-radius: 4px; font-size: 14px; }
    button { width: 100%; margin-top: 24px; padding: 10px; border: 0; border-radius: 4px; background: #2563eb; color: #fff; font-size: 15px; cursor: pointer; }
    .error { margin: 0 0 8px; padding: 8px 12px; border-radius: 4px; background: #fef2f2; color: #b91c1c; font-size: 14px; }
  </style>
</head>
<body>
  <main>
    <h1>${PLATFORM_NAME}</h1>
    ${error}
    <form method="post" action="/b-iam-account/oauth/authorize">
      ${hidden}
      <label for="username">用户名</label>
      <input id="username" name="username" type="text" autocomplete="username" required maxlength="64" value="${escapeHtml(options.username ?? "")}">
      <label for="password">密码</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="128">
      <button type="submit">登录</button>
    </form>
  </main>
</body>
</html>`;
}
