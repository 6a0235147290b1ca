"""JSON-RPC 2.0, by hand (tech-notes §3): errors, a registry of typed methods, the dispatcher.

A method is a function ``handler(target, session, params) -> result`` registered with an attrs
class for its params and a type for its result. The dispatcher parses a message (one request or
a batch), validates the request object, structures the params *strictly* with cattrs (no
``"3"`` -> 3 coercion, no extra keys, every bad field reported with its path), calls the handler
and unstructures the result. Batches are answered in order; notifications get no reply.

Nothing here knows the game: the methods live in ``ora_api.methods`` (joined in ``ora_api.api``).
No exception escapes ``Dispatcher.handle``: unexpected ones become -32603 with a reference
number that is logged with the traceback (never the params, which may hold a seat's token).
"""

from __future__ import annotations

import difflib
import logging
import secrets
import typing
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from typing import Any, Literal, TypeVar
from uuid import UUID

import attrs
import cattrs
import orjson
from attrs import frozen
from cattrs.errors import ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn

from ora_api.jsonrpc.constraints import violation

log = logging.getLogger("ora.api")

JSONRPC = "2.0"

# Standard error codes (JSON-RPC 2.0 §5.1).
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
# Server errors of the transport (the -32000..-32099 range; the methods' own codes count up
# from -32001, these down from -32099).
#: The reply would exceed the reply budget.
REPLY_TOO_LARGE = -32099
#: The server refuses the connection or request for now (too many connections).
SERVER_BUSY = -32098

#: The largest message (one request or one batch) accepted, in bytes.
MAX_REQUEST_BYTES = 1 << 20
#: The most requests in one batch.
MAX_BATCH = 100
#: The work one batch may do, in units: a request costs its method's ``cost`` (1 unless
#: registered heavier: ``game.verify``, ``game.import``); the requests past it are refused.
MAX_BATCH_WORK = 100
#: The largest reply (one response or a whole batch's), in bytes: two pages of game.events.
MAX_REPLY_BYTES = 2 << 20
#: Strings of the client's input echoed in an error (a method name, a config value) are cut to
#: this many characters: an error is never much larger than a sentence.
MAX_ECHO = 200

#: The bytes the result of the method now running may take: what is left of the reply budget
#: (a batch's replies share it) less the response's envelope. A method whose result can outgrow
#: one reply fills its page up to this (game.legal_moves); set by ``Dispatcher.call``.
_REPLY_ROOM: ContextVar[int] = ContextVar("reply_room", default=MAX_REPLY_BYTES)


def reply_room() -> int:
    """How many bytes the running method's result may take in its reply."""
    return _REPLY_ROOM.get()

P = TypeVar("P")
R = TypeVar("R")


class RpcError(Exception):
    """An error response: ``code``, ``message`` and ``data``; every error of this server carries
    ``data = {code, reason, rule, detail, ...}`` (``code`` a stable name of the error kind,
    ``reason`` a finer stable code, ``rule`` the rule id when the rules refused, ``detail`` a
    sentence for humans)."""

    def __init__(self, code: int, message: str, data: Mapping[str, Any]) -> None:
        super().__init__(f"{code} {message}: {data.get('detail', '')}")
        self.code = code
        self.message = message
        self.data = dict(data)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "data": self.data}


def error_data(kind: str, detail: str, *, reason: str | None = None, rule: str | None = None,
               **extra: Any) -> dict[str, Any]:
    return {"code": kind, "reason": reason or kind, "rule": rule, "detail": detail, **extra}


def reply_too_large(limit: int) -> RpcError:
    return RpcError(REPLY_TOO_LARGE, "Reply too large", error_data(
        "reply_too_large", f"the reply would exceed {limit} bytes; ask for less (game.events "
        "pages with from_version and limit) or split the batch"))


def server_busy(detail: str) -> RpcError:
    return RpcError(SERVER_BUSY, "Server busy", error_data("server_busy", detail))


def batch_too_costly(method: Method | None) -> RpcError:
    heavy = f" ({method.name} counts {method.cost})" if method and method.cost > 1 else ""
    return RpcError(SERVER_BUSY, "Server busy", error_data(
        "server_busy", f"this batch's work passed {MAX_BATCH_WORK} requests' worth{heavy}; "
        "this request was not run: send it in another message", reason="batch_too_costly"))


def parse_error(detail: str) -> RpcError:
    return RpcError(PARSE_ERROR, "Parse error", error_data("parse_error", detail))


def invalid_request(detail: str, reason: str = "invalid_request") -> RpcError:
    return RpcError(INVALID_REQUEST, "Invalid Request",
                    error_data("invalid_request", detail, reason=reason))


def invalid_params(detail: str, path: str, *, reason: str = "invalid_params",
                   errors: list[dict[str, str]] | None = None, **extra: Any) -> RpcError:
    """-32602; ``path`` names the bad field (``config.players``; ``""`` for the whole params)."""
    return RpcError(INVALID_PARAMS, "Invalid params", error_data(
        "invalid_params", detail, reason=reason, path=path,
        errors=errors if errors is not None else [{"path": path, "detail": detail}], **extra))


# --- the registry -------------------------------------------------------------------------------


@frozen
class ErrorSpec:
    """An application error the API may answer with (documented in the OpenRPC document)."""

    code: int
    name: str
    message: str
    description: str

    def error(self, detail: str, *, reason: str | None = None, rule: str | None = None,
              **extra: Any) -> RpcError:
        return RpcError(self.code, self.message,
                        error_data(self.name, detail, reason=reason, rule=rule, **extra))


@frozen
class Method:
    name: str
    handler: Callable[[Any, Session, Any], Any]
    params: type
    result: Any
    summary: str
    description: str
    errors: tuple[ErrorSpec, ...]
    result_name: str
    #: Only on transports that push notifications (WebSocket, stdio).
    push: bool = False
    #: The work of one call, in units of an ordinary request (``MAX_BATCH_WORK``).
    cost: int = 1
    #: Bounded work that waits on nothing but a local store: where the dispatcher allows it
    #: (``Dispatcher(inline=True)``), a transport answers it on its event loop rather than in
    #: a thread (``Dispatcher.runs_inline``).
    inline: bool = False


class Registry:
    """The methods of an API, in registration order."""

    def __init__(self) -> None:
        self.methods: dict[str, Method] = {}
        #: Turns an unexpected exception of a handler (called with the target) into an error
        #: response, e.g. a failing database into a documented error; None: an internal error.
        self.translate: Callable[[Any, Exception], RpcError | None] | None = None
        #: Plain HTTP routes served beside the methods (``GET /games/{id}.svg``), described in
        #: the OpenRPC document's ``x-http-routes``.
        self.http_routes: list[dict[str, Any]] = []

    def method(self, name: str, *, params: type[P], result: Any, summary: str,
               errors: Iterable[ErrorSpec] = (), result_name: str = "result",
               push: bool = False, cost: int = 1, inline: bool = False
               ) -> Callable[[Callable[[Any, Session, P], R]],
                                               Callable[[Any, Session, P], R]]:
        """Register ``handler(target, session, params: params) -> result`` under ``name``."""
        if not attrs.has(params):
            raise TypeError(f"{name}: params must be an attrs class")

        def register(handler: Callable[[Any, Session, P], R]) -> Callable[[Any, Session, P], R]:
            if name in self.methods:
                raise ValueError(f"method {name} is registered twice")
            doc = (handler.__doc__ or "").strip()
            self.methods[name] = Method(
                name=name, handler=handler, params=params, result=result, summary=summary,
                description=doc, errors=tuple(errors), result_name=result_name, push=push,
                cost=cost, inline=inline)
            return handler

        return register

    def include(self, other: Registry) -> None:
        """Add a family's methods and routes after these (``ora_api.api`` joins them so)."""
        for name, method in other.methods.items():
            if name in self.methods:
                raise ValueError(f"method {name} is registered twice")
            self.methods[name] = method
        self.http_routes.extend(other.http_routes)


# --- sessions -----------------------------------------------------------------------------------


def notification(method: str, params: Mapping[str, Any]) -> bytes:
    """A notification (a request without id), encoded."""
    return orjson.dumps({"jsonrpc": JSONRPC, "method": method, "params": params})


class Session:
    """One client connection. ``send`` (None on HTTP) pushes a message to the client.

    ``subscriptions`` belongs to the methods (``game.subscribe`` keeps its sinks there);
    ``on_close`` callbacks run when the transport closes the connection.
    """

    def __init__(self, send: Callable[[bytes], None] | None = None) -> None:
        self._send = send
        self.subscriptions: dict[Any, Any] = {}
        self.on_close: list[Callable[[], None]] = []

    @property
    def push(self) -> bool:
        return self._send is not None

    def notify(self, method: str, params: Mapping[str, Any]) -> None:
        """Push a notification (a request without id) to the client."""
        self.send(notification(method, params))

    def send(self, message: bytes) -> None:
        """Push an encoded message (a notification encoded once for many sessions)."""
        if self._send is not None:
            self._send(message)

    def close(self) -> None:
        callbacks, self.on_close = self.on_close, []
        for callback in callbacks:
            try:
                callback()
            except Exception:
                log.exception("error while closing a session")


# --- params: strict structuring -----------------------------------------------------------------


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


class _WrongType(TypeError):
    pass


def _strict(expected: str, check: Callable[[Any], bool]) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        if not check(value):
            raise _WrongType(f"expected {expected}, got {json_type(value)}")
        return value

    return hook


def _is_literal(tp: Any) -> bool:
    return bool(typing.get_origin(tp) is Literal)


def _literal(tp: Any) -> Callable[[Any, Any], Any]:
    """A string enum (``Literal["en", "el"]``): one of its values, named in the error."""
    allowed = typing.get_args(tp)
    return _strict(f"one of {', '.join(map(str, allowed))}", lambda v: v in allowed
                   and type(v) is type(allowed[0]))


def _uuid(value: Any, _: Any) -> UUID:
    if type(value) is not str:
        raise _WrongType(f"expected a UUID string, got {json_type(value)}")
    try:
        return UUID(value)
    except ValueError:
        raise _WrongType("expected a UUID string (8-4-4-4-12 hex digits)") from None


def make_params_converter() -> cattrs.Converter:
    """A converter that accepts only the JSON types the annotations name, and no extra keys."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    # (SQLite's integers are signed 64-bit: a larger one would be an internal error there)
    conv.register_structure_hook(int, _strict("an integer from -2^63 to 2^63-1", lambda v: type(
        v) is int and -(2**63) <= v < 2**63))
    conv.register_structure_hook(str, _strict("a string", lambda v: type(v) is str))
    conv.register_structure_hook(bool, _strict("a boolean", lambda v: type(v) is bool))
    conv.register_structure_hook(float, _strict("a number", lambda v: type(v) in (int, float)))
    conv.register_structure_hook(UUID, _uuid)
    conv.register_structure_hook_factory(_is_literal, _literal)
    # A name or an object of names (the readings of a game, specs/readings.toml).
    conv.register_structure_hook(str | dict[str, str] | None, _strict(
        "a string or an object of strings",
        lambda v: v is None or type(v) is str or (type(v) is dict and all(
            type(x) is str for x in v.values()))))

    def attrs_factory(cl: type) -> Callable[[Any, Any], Any]:
        inner: Callable[[Any, Any], Any] = make_dict_structure_fn(cl, conv)

        def hook(value: Any, t: Any) -> Any:
            if type(value) is not dict:
                raise _WrongType(f"expected an object, got {json_type(value)}")
            return inner(value, t)

        return hook

    conv.register_structure_hook_factory(attrs.has, attrs_factory)
    return conv


def _format(exc: BaseException, _: Any) -> str:
    if isinstance(exc, _WrongType):
        return str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown field(s): {', '.join(sorted(exc.extra_fields))}"
    return f"invalid value ({type(exc).__name__})"


def _json_path(cattrs_path: str) -> str:
    """``$.config.players`` -> ``config.players``; ``$`` -> ``""``."""
    return cattrs_path[2:] if cattrs_path.startswith("$.") else cattrs_path.lstrip("$")


# --- the dispatcher -----------------------------------------------------------------------------


class _Unserializable(Exception):
    pass


class Dispatcher:
    """Answers JSON-RPC messages with the methods of a registry, calling them on ``target``.

    ``inline``: the methods registered ``inline`` may be answered on a transport's event loop
    (``runs_inline``); for a target whose store is local (SQLite, memory), whose calls wait on
    no network."""

    def __init__(self, registry: Registry, target: Any, *,
                 max_request_bytes: int = MAX_REQUEST_BYTES, max_batch: int = MAX_BATCH,
                 max_reply_bytes: int = MAX_REPLY_BYTES, inline: bool = False) -> None:
        self.registry = registry
        self.inline_methods = frozenset(
            name for name, m in registry.methods.items() if m.inline) if inline else frozenset()
        self.target = target
        self.max_request_bytes = max_request_bytes
        self.max_reply_bytes = max_reply_bytes
        self.max_batch = max_batch
        self.params = make_params_converter()
        self.results = cattrs.Converter()
        # A result's ``dict[str, Any]`` is JSON already (an event's data): the encoder takes it
        # as it is. Unstructured value by value, a move's four events or so took 75 k
        # instructions (issue 34).
        self.results.register_unstructure_hook_func(lambda t: t == dict[str, Any],
                                                    lambda d: d)
        self._fields = {name: [a.name for a in attrs.fields(m.params)]
                        for name, m in registry.methods.items()}

    # -- whole messages ---------------------------------------------------------------------------

    def runs_inline(self, raw: bytes | str) -> bool:
        """Whether ``raw`` is one request (not a batch) of an inline method, answered on the
        caller's thread: a hand-over to a thread and back cost the server more CPU than the
        move itself (docs/performance.md, "Calls on the event loop")."""
        if not self.inline_methods:
            return False
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return False
        return type(message) is dict and message.get("method") in self.inline_methods

    def handle(self, raw: bytes | str, session: Session | None = None) -> bytes | None:
        """The reply to one message (a request, a notification or a batch), or None."""
        session = session if session is not None else Session()
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogatepass")
        if len(raw) > self.max_request_bytes:
            return self.too_large()
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError as e:
            return _dump(_error_response(None, parse_error(f"not JSON: {e}")))
        if isinstance(message, list):
            if not message:
                return _dump(_error_response(None, invalid_request("empty batch")))
            if len(message) > self.max_batch:
                return _dump(_error_response(None, invalid_request(
                    f"a batch holds at most {self.max_batch} requests", reason="batch_too_large")))
            return self._batch(message, session)
        return self.call(message, session, self.max_reply_bytes)

    def _batch(self, items: list[Any], session: Session) -> bytes | None:
        """The replies of a batch, in order. Its replies share one budget of bytes: once it is
        spent, the remaining requests are not run and get ``reply_too_large``."""
        replies: list[bytes] = []
        budget = self.max_reply_bytes - 2  # the brackets
        work = 0
        for item in items:
            name = item.get("method") if type(item) is dict else None
            method = self.registry.methods.get(name) if type(name) is str else None
            # What runs no method (an item that is no JSON-RPC 2.0 request, an unknown method)
            # costs nothing and is always answered: a costly call must not silence its error.
            runs = method is not None and type(item) is dict and item.get("jsonrpc") == "2.0"
            cost = method.cost if method is not None and runs else 0
            if budget <= 0:
                reply = self._refusal(item, reply_too_large(self.max_reply_bytes))
            elif cost and work + cost > MAX_BATCH_WORK:
                reply = self._refusal(item, batch_too_costly(method))
            else:
                work += cost
                reply = self.call(item, session, budget)
            if reply is not None:
                replies.append(reply)
                budget -= len(reply) + 1
        if not replies:
            return None
        parts = [b"["]  # one join: the batch's reply is copied once, not three times
        for reply in replies:
            parts += (reply, b",")
        parts[-1] = b"]"
        return b"".join(parts)

    def _refusal(self, request: Any, error: RpcError) -> bytes | None:
        """``error`` as the answer to a request that is not run (None for a notification)."""
        if type(request) is dict and "id" in request and _valid_id(request["id"]):
            return _dump(_error_response(request["id"], error))
        if type(request) is dict and "id" not in request:
            return None
        return _dump(_error_response(None, error))

    def too_large(self) -> bytes:
        return _dump(_error_response(None, invalid_request(
            f"the message is larger than {self.max_request_bytes} bytes", reason="too_large")))

    # -- one request ------------------------------------------------------------------------------

    def call(self, request: Any, session: Session, budget: int | None = None) -> bytes | None:
        """The serialized response to one request object; None for a notification. A response
        longer than ``budget`` bytes (default: the reply limit) becomes ``reply_too_large``.

        An invalid request object is answered even without an id (with id null, as JSON-RPC
        2.0 §5 shows); a valid notification never is, even when it fails.
        """
        if type(request) is not dict:
            return _dump(_error_response(None, invalid_request("a request is a JSON object")))
        request_id = request.get("id")
        if not _valid_id(request_id):
            return _dump(_error_response(None, invalid_request(
                "id must be a string, an integer of at most 64 bits or null", reason="bad_id")))
        has_id = "id" in request
        try:
            method = self._method(request)
        except RpcError as e:
            if has_id or e.code == INVALID_REQUEST:
                return _dump(_error_response(request_id, e))
            return None
        limit = self.max_reply_bytes if budget is None else budget
        envelope = len(_dump({"jsonrpc": JSONRPC, "id": request_id, "result": 0})) - 1
        room = _REPLY_ROOM.set(limit - envelope)
        try:
            result = self._run(method, request.get("params", {}), session)
        except RpcError as e:
            return _dump(_error_response(request_id, e)) if has_id else None
        except Exception as e:
            translated = self.registry.translate(self.target, e) if self.registry.translate \
                else None
            if translated is not None:
                return _dump(_error_response(request_id, translated)) if has_id else None
            ref = secrets.token_hex(4)
            log.exception("internal error ref=%s method=%s", ref, method.name)
            return _dump(_error_response(request_id, internal_error(ref))) if has_id else None
        finally:
            _REPLY_ROOM.reset(room)
        if not has_id:
            return None
        reply = _dump({"jsonrpc": JSONRPC, "id": request_id, "result": result})
        if len(reply) > limit:
            return _dump(_error_response(request_id, reply_too_large(self.max_reply_bytes)))
        return reply

    def _method(self, request: dict[str, Any]) -> Method:
        """The method of a well-formed request object; -32600 / -32601 otherwise."""
        if request.get("jsonrpc") != JSONRPC:
            raise invalid_request('"jsonrpc" must be "2.0"')
        name = request.get("method")
        if type(name) is not str:
            raise invalid_request('"method" must be a string')
        if type(request.get("params", {})) not in (dict, list):
            raise invalid_request('"params" must be an object or an array')
        method = self.registry.methods.get(name)
        if method is None:
            shown = name if len(name) <= 64 else name[:64] + "..."
            close = difflib.get_close_matches(name[:64], self.registry.methods, n=3)  # typos
            hint = f"did you mean {', '.join(close)}? " if close else ""
            raise RpcError(METHOD_NOT_FOUND, "Method not found", error_data(
                "method_not_found", f"no method {shown!r}; {hint}rpc.discover lists them"))
        return method

    def _run(self, method: Method, raw_params: dict[str, Any] | list[Any], session: Session
             ) -> orjson.Fragment:
        params = self.structure(method, raw_params)
        result = method.handler(self.target, session, params)
        if type(result) is orjson.Fragment:  # encoded by the method (once per version, say)
            return result
        data = self.results.unstructure(result)
        try:
            return orjson.Fragment(orjson.dumps(data))
        except TypeError as e:  # a bug: the result is not JSON
            raise _Unserializable(str(e)) from e

    def structure(self, method: Method, raw: dict[str, Any] | list[Any]) -> Any:
        """The params object of ``method``, or ``invalid_params`` naming every bad field."""
        if isinstance(raw, list):
            names = self._fields[method.name]
            if len(raw) > len(names):
                raise invalid_params(f"{method.name} takes at most {len(names)} params "
                                     f"({', '.join(names)}), got {len(raw)}", "")
            raw = dict(zip(names, raw, strict=False))
        try:
            params: Any = self.params.structure(raw, method.params)
        except (cattrs.BaseValidationError, _WrongType) as e:
            messages = cattrs.transform_error(e, format_exception=_format)
            errors = []
            for m in messages:
                text, _, where = m.rpartition(" @ ")
                path = _json_path(where)
                errors.append({"path": path, "detail": text or m})
            first = errors[0] if errors else {"path": "", "detail": "invalid params"}
            detail = "; ".join(f"{e['path'] or 'params'}: {e['detail']}" for e in errors)
            raise invalid_params(detail, first["path"], errors=errors) from None
        bad = violation(params)
        if bad is not None:
            where, detail, reason = bad
            raise invalid_params(detail, where, reason=reason)
        return params


def internal_error(ref: str) -> RpcError:
    return RpcError(INTERNAL_ERROR, "Internal error", error_data(
        "internal_error", f"the server failed to answer (reference {ref} in its log)", ref=ref))


def _valid_id(value: Any) -> bool:
    """A string, an integer or null. Numbers with a fraction are refused (JSON-RPC: SHOULD
    NOT), and so are integers beyond 64 bits, which the JSON parser can only read as floats:
    echoing ``18446744073709551616`` as ``1.8446744073709552e+19`` would not match the id."""
    return value is None or type(value) in (str, int)


def error_message(error: RpcError, request_id: Any = None) -> bytes:
    """The serialized error response to a request (id null: a message refused unread)."""
    return _dump(_error_response(request_id, error))


def _error_response(request_id: Any, error: RpcError) -> dict[str, Any]:
    return {"jsonrpc": JSONRPC, "id": request_id, "error": _clip(error.to_dict())}


def _clip(value: Any) -> Any:
    """``value`` with every string cut to ``MAX_ECHO`` characters (input echoed in errors)."""
    if isinstance(value, str):
        return value if len(value) <= MAX_ECHO else f"{value[:MAX_ECHO]}... ({len(value)} chars)"
    if isinstance(value, dict):
        return {k: _clip(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clip(v) for v in value]
    return value


def _dump(message: Mapping[str, Any]) -> bytes:
    return orjson.dumps(message)
