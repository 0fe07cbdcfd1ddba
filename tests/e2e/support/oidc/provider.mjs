// A real OpenID provider on loopback for the leads desk's sign-in tests: panva's
// oidc-provider (certified), installed by the Makefile into .tools/oidc-provider.
//   node tests/e2e/support/oidc/provider.mjs <node_modules folder> <config.json>
// config.json: {"port": 43123,
//               "client": {"client_id": ..., "client_secret": ..., "redirect_uris": [...]},
//               "accounts": [{"sub", "email", "email_verified", "name"}, ...]}
// Serves http://127.0.0.1:<port> as its issuer: one confidential client, authorization code
// with PKCE (S256), scopes openid email profile, and the email and name claims in the
// id_token too (as Google and Entra send them). Its own two small pages take the place of
// the package's development interactions: a sign-in form that knows only the given
// accounts (by email or sub) and a consent form (Allow, Deny), both plain forms with labels
// that a Playwright test fills in. Prints one JSON line {"ready": issuer} once it listens,
// and exits when the process that started it ends (a test run killed, whichever way).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [modulesDir, configFile] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configFile, "utf8"));
const resolve = createRequire(path.join(path.resolve(modulesDir), "noop.js")).resolve;
const { default: Provider } = await import(pathToFileURL(resolve("oidc-provider")).href);
const { generateKeyPair, exportJWK } = await import(pathToFileURL(resolve("jose")).href);

const host = "127.0.0.1";
const issuer = `http://${host}:${config.port}`;
const accounts = config.accounts;

function accountFor(login) {
  const wanted = String(login ?? "").trim().toLowerCase();
  return accounts.find((account) => account.sub === login || account.email.toLowerCase() === wanted);
}

// A signing key of this run only: nothing to keep, and no development key warning.
const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const signingKey = { ...(await exportJWK(privateKey)), kid: "test", alg: "RS256", use: "sig" };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: config.client.client_id,
      client_secret: config.client.client_secret,
      redirect_uris: config.client.redirect_uris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: config.client.token_endpoint_auth_method ?? "client_secret_basic",
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: [randomBytes(32).toString("hex")] },
  scopes: ["openid", "email", "profile"],
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  // The claims of the granted scopes in the id_token as well as from userinfo.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  async findAccount(_ctx, sub) {
    const account = accounts.find((candidate) => candidate.sub === sub);
    if (!account) return undefined;
    return {
      accountId: account.sub,
      async claims() {
        return {
          sub: account.sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name,
        };
      },
    };
  },
  async renderError(ctx, out) {
    ctx.type = "html";
    ctx.body = page("Sign-in failed", `<p role="alert">${escape(out.error)}: ${escape(out.error_description)}</p>`);
  },
});

function escape(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

function loginPage(uid, params, error) {
  const alert = error ? `<p role="alert">${escape(error)}</p>` : "";
  return page(
    "Sign in to the test provider",
    `${alert}<form method="post" action="/interaction/${uid}/login">
<label for="login">Email</label>
<input id="login" name="login" type="text" autocomplete="off" required value="${escape(params.login_hint)}">
<button type="submit">Sign in</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
  );
}

function consentPage(uid, params) {
  return page(
    "Allow access",
    `<p>${escape(params.client_id)} asks for: <span id="scope">${escape(params.scope)}</span></p>
<form method="post" action="/interaction/${uid}/consent"><button type="submit">Allow</button></form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Deny</button></form>`,
  );
}

async function formOf(req) {
  let body = "";
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

function send(res, status, html) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, page("Sign-in failed", "<p>Unknown interaction</p>"));
  const { prompt, params, session } = details;
  if (req.method === "GET" && !action) {
    const html = prompt.name === "login" ? loginPage(uid, params) : consentPage(uid, params);
    return send(res, 200, html);
  }
  if (req.method !== "POST") return send(res, 405, page("Method not allowed", ""));
  if (action === "abort") {
    const result = { error: "access_denied", error_description: "End-User aborted interaction" };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (action === "login" && prompt.name === "login") {
    const login = (await formOf(req)).get("login");
    const account = accountFor(login);
    if (!account) return send(res, 200, loginPage(uid, { login_hint: login }, "No such account"));
    const result = { login: { accountId: account.sub } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (action === "consent" && prompt.name === "consent") {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    const missing = prompt.details;
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const result = { consent: { grantId: await grant.save() } };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
  }
  return send(res, 400, page("Sign-in failed", `<p>Unexpected ${escape(action)} at ${escape(prompt.name)}</p>`));
}

const handle = provider.callback();
const server = http.createServer((req, res) => {
  const route = new URL(req.url, issuer).pathname.match(/^\/interaction\/([\w-]+)(?:\/(login|consent|abort))?$/);
  if (!route) return handle(req, res);
  interaction(req, res, route[1], route[2]).catch((error) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, page("Sign-in failed", `<p role="alert">${escape(error.message)}</p>`));
  });
});
server.listen(config.port, host, () => console.log(JSON.stringify({ ready: issuer })));

// The parent (the test run) gone: exit, so no provider outlives its run. Node's
// process.ppid is read once at start, so ask whether that process still exists.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    process.exit(0);
  }
}, 500).unref();
process.on("SIGTERM", () => process.exit(0));
