"""What the method families share with the service, for the families that import it from here:
it lives in ``ora_api.jsonrpc.common`` (issue 37), below the service that raises its errors."""

from ora_api.jsonrpc.common import *  # noqa: F403
