"""JSON-RPC itself lives in ``ora_api.jsonrpc.rpc`` (issue 37), below the service and the
methods that use it; this old path keeps working for code outside ``ora_api``. Inside it, a
module importing this one imports the transports' room (the layout test refuses that)."""

from ora_api.jsonrpc.rpc import *  # noqa: F403
