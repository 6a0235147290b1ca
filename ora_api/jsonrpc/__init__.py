"""JSON-RPC itself, the lowest room of ``ora_api``: the errors, the registry of typed methods
and the dispatcher (``rpc``), the OpenRPC document (``openrpc``), the params' limits
(``param_limits``) and what the service and the methods share (``common``: the application
errors, the docs of params' fields, ``EventView``). It knows no game service and no transport."""
