"""The transports, the top of the server: stdio, HTTP and WebSocket (``server``, ``post_rpc``,
``connections``, ``guard``, ``limits``, ``origins``, ``workers``) and the Model Context
Protocol server (``mcp_server``). JSON-RPC itself is ``ora_api.jsonrpc`` (``rpc`` here is
its old path). Nothing here decides a rule or knows a method: the methods are registered in
``ora_api.methods``."""
