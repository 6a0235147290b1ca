"""A reply longer than one WebSocket fragment (64 KiB; issue 22, finding 7) arrives in the
browser as one text message: Chromium joins the fragments (with or without compression)."""

from __future__ import annotations

from typing import Any

SCRIPT = """async () => {
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  const batch = [...Array(15).keys()].map(i => ({jsonrpc: "2.0", id: i, method: "rpc.discover"}));
  const text = await new Promise(ok => {
    ws.onmessage = e => ok(e.data);
    ws.send(JSON.stringify(batch));
  });
  ws.close();
  const replies = JSON.parse(text);
  return {type: typeof text, length: text.length, results: replies.filter(r => r.result).length};
}"""


def test_a_long_reply_arrives_whole_in_the_browser(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/#/")
    got = page.evaluate(SCRIPT)
    assert got["type"] == "string"
    assert got["results"] == 15 and got["length"] > 1_500_000  # 15 x 107 KB, 25 fragments
