// A scripted MCP session from the TypeScript SDK against `toolplane serve mcp`,
// for server/e2e_test.go. It prints one JSON object with what it saw; the Go
// test makes the assertions.
//
//   node client.cjs PREFIX stdio BINARY CONFIG [--execute] [--escalate PATH]
//   node client.cjs PREFIX http URL [--execute]
//
// --escalate PATH answers elicitation (allow) and runs a snippet that
// touches PATH with a binary outside [cli] allow.
"use strict";
const path = require("node:path");
const { createRequire } = require("node:module");

async function main() {
  const [prefix, mode, ...rest] = process.argv.slice(2);
  const req = createRequire(path.join(prefix, "node_modules", "anchor.js"));
  const { Client } = req("@modelcontextprotocol/sdk/client/index.js");
  const execute = rest.includes("--execute");
  const escalate = rest.includes("--escalate") ? rest[rest.indexOf("--escalate") + 1] : null;

  let transport;
  if (mode === "stdio") {
    const { StdioClientTransport } = req("@modelcontextprotocol/sdk/client/stdio.js");
    transport = new StdioClientTransport({
      command: rest[0],
      args: ["serve", "mcp", "--config", rest[1]],
      env: { HOME: process.env.HOME, PATH: process.env.PATH },
      stderr: "ignore",
    });
  } else {
    const { StreamableHTTPClientTransport } = req("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const headers = process.env.TOOLPLANE_TOKEN ? { Authorization: "Bearer " + process.env.TOOLPLANE_TOKEN } : {};
    transport = new StreamableHTTPClientTransport(new URL(rest[0]), { requestInit: { headers } });
  }
  const out = {};
  const client = new Client({ name: "ts-e2e", version: "1.0.0" }, escalate ? { capabilities: { elicitation: {} } } : undefined);
  if (escalate) {
    const { ElicitRequestSchema } = req("@modelcontextprotocol/sdk/types.js");
    out.asked = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      out.asked.push(request.params.message);
      return { action: "accept", content: { allow: true } };
    });
  }
  await client.connect(transport);
  out.tools = (await client.listTools()).tools.map((t) => t.name).sort();
  const text = (r) => r.content.filter((c) => c.type === "text").map((c) => c.text).join("");
  out.search = text(await client.callTool({ name: "search_capabilities", arguments: { query: "page through items" } }));
  out.schemas = text(await client.callTool({ name: "get_capability_schemas", arguments: { names: ["up.list_items"] } }));
  if (execute) {
    const run = async (code, extra) => {
      const r = await client.callTool({ name: "execute_code", arguments: { code, ...extra } });
      return { isError: !!r.isError, text: text(r), structured: r.structuredContent };
    };
    out.dict = await run('page = await up.list_items(page_size=3)\nreturn {"n": len(page["items"]), "first": page["items"][0]["name"]}');
    out.set = await run("x = 20");
    out.get = await run("return x + 1");
    out.timeout = await run('x = 0\nawait up.slow(ms=20000)', { timeout: 1 });
    out.after = await run("return x");
    out.save = await run('return await save_result([1, 2, 3], label="ts")');
    const handle = out.save.structured && out.save.structured.value;
    out.resources = (await client.listResources()).resources.map((r) => r.uri);
    if (typeof handle === "string") {
      out.read = (await client.readResource({ uri: "toolplane://results/" + handle })).contents.map((c) => c.text);
    }
  }
  if (escalate) {
    const r = await client.callTool({ name: "execute_code", arguments: { code: "r = await cli(\"touch\")(" + JSON.stringify(escalate) + ")\nreturn r.exit_code" } });
    out.escalate = { isError: !!r.isError, text: text(r), structured: r.structuredContent };
  }
  await client.close();
  process.stdout.write(JSON.stringify(out) + "\n");
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err) + "\n");
  process.exit(1);
});
