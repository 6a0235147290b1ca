"""The transports: JSON-RPC itself (``rpc``, ``openrpc``), the server over stdio, HTTP and
WebSocket (``server``, ``connections``, ``guard``, ``limits``, ``origins``, ``workers``) and
the Model Context Protocol server (``mcp_server``). Nothing here decides a rule or knows a
method: the methods are registered in ``ora_api.methods``."""
