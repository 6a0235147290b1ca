"""The OpenRPC document of the API (``rpc.discover``), generated from the method registry.

A small hand-written generator (tech-notes §3): attrs classes and typing annotations become JSON
Schema (draft 7, as OpenRPC 1.x uses). Field metadata adds the rest: ``doc`` (a description),
``minimum`` / ``maximum`` and ``max_length`` (``maxLength``), the same constraints the
dispatcher checks. The committed ``specs/openrpc.json`` is this document; a test keeps them
equal. Regenerate it with::

    .venv/bin/python -m ora_api.api --write specs/openrpc.json
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Union, get_args, get_origin
from uuid import UUID

import attrs
import orjson

from ora_api.jsonrpc.rpc import (
    INTERNAL_ERROR,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    REPLY_TOO_LARGE,
    SERVER_BUSY,
    ErrorSpec,
    Registry,
)

OPENRPC_VERSION = "1.3.2"
#: The version of this API (bump it when a method, param or result changes incompatibly).
API_VERSION = "0.1.0"

STANDARD_ERRORS = (
    ErrorSpec(PARSE_ERROR, "parse_error", "Parse error", "the message is not JSON."),
    ErrorSpec(INVALID_REQUEST, "invalid_request", "Invalid Request",
              "not a JSON-RPC 2.0 request object, an id that is not a string, an integer of at "
              "most 64 bits or null (data.reason bad_id), an empty or too large batch "
              "(data.reason batch_too_large), or a message over the size limit (data.reason "
              "too_large). Over HTTP also a refused request: host_not_allowed, "
              "origin_not_allowed, unsupported_media_type, body_timeout."),
    ErrorSpec(METHOD_NOT_FOUND, "method_not_found", "Method not found", "no such method."),
    ErrorSpec(INVALID_PARAMS, "invalid_params", "Invalid params",
              "a param is missing, unknown, of the wrong type or out of range; data.path names "
              "the first bad field (config.players), data.errors lists every one."),
    ErrorSpec(INTERNAL_ERROR, "internal_error", "Internal error",
              "the server failed; data.ref finds the traceback in the server's log."),
    ErrorSpec(REPLY_TOO_LARGE, "reply_too_large", "Reply too large",
              "the reply would exceed the server's reply budget (one reply, or all replies of "
              "a batch together): the request was not run; ask for less or split the batch."),
    ErrorSpec(SERVER_BUSY, "server_busy", "Server busy",
              "too many open connections (HTTP 503): retry later."),
)

_NONE = type(None)


class SchemaBuilder:
    """JSON Schemas of Python types; attrs classes become named components."""

    def __init__(self) -> None:
        self.components: dict[str, dict[str, Any]] = {}
        self._owners: dict[str, type] = {}

    def schema(self, tp: Any) -> dict[str, Any]:
        if tp is Any:
            return {}
        if tp is _NONE:
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if tp is UUID:
            return {"type": "string", "format": "uuid"}
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            return {"type": "string", "enum": list(args)}
        if origin in (Union, types.UnionType):
            options = [a for a in args if a is not _NONE]
            schemas = [self.schema(a) for a in options]
            if _NONE in args:
                schemas.append({"type": "null"})
            return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        if origin in (list, Sequence) or (origin is tuple and len(args) == 2
                                          and args[1] is Ellipsis):
            return {"type": "array", "items": self.schema(args[0])}
        if origin in (dict, Mapping):
            if args[0] is not str:
                raise TypeError(f"JSON object keys are strings, not {args[0]!r}")
            return {"type": "object", "additionalProperties": self.schema(args[1])}
        if isinstance(tp, type) and attrs.has(tp):
            return {"$ref": f"#/components/schemas/{self.component(tp)}"}
        raise TypeError(f"no JSON Schema for {tp!r}")

    def component(self, cls: type) -> str:
        name = cls.__name__
        owner = self._owners.get(name)
        if owner is not None:
            if owner is not cls:
                raise TypeError(f"two API classes are named {name}: {owner!r} and {cls!r}")
            return name
        self._owners[name] = cls
        self.components[name] = {}  # placeholder: recursion ends here
        properties, required = self.fields(cls)
        schema: dict[str, Any] = {"type": "object"}
        if cls.__doc__:
            schema["description"] = _clean(cls.__doc__)
        schema["properties"] = properties
        if required:
            schema["required"] = required
        schema["additionalProperties"] = False
        self.components[name] = schema
        return name

    def fields(self, cls: type) -> tuple[dict[str, dict[str, Any]], list[str]]:
        """The properties of an attrs class and its required fields."""
        hints = typing.get_type_hints(cls)
        properties: dict[str, dict[str, Any]] = {}
        required = []
        for a in attrs.fields(cls):
            properties[a.name] = self.field_schema(hints[a.name], a.metadata)
            if a.default is attrs.NOTHING:
                required.append(a.name)
        return properties, required

    def field_schema(self, tp: Any, meta: Mapping[str, Any]) -> dict[str, Any]:
        schema = dict(self.schema(tp))
        target = schema
        if "anyOf" in schema:  # constraints apply to the non-null option
            target = next((s for s in schema["anyOf"] if s.get("type") != "null"), schema)
        for key, name in (("minimum", "minimum"), ("maximum", "maximum"),
                          ("max_length", "maxLength")):
            if key in meta:
                target[name] = meta[key]
        if "doc" in meta:
            if "$ref" in schema:  # draft 7 ignores the siblings of $ref
                schema = {"allOf": [schema]}
            schema["description"] = meta["doc"]
        return schema


def _clean(doc: str) -> str:
    return " ".join(doc.split())


def _error(spec: ErrorSpec) -> dict[str, Any]:
    return {"code": spec.code, "message": spec.message,
            "data": {"code": spec.name, "description": spec.description}}


def document(registry: Registry, errors: Iterable[ErrorSpec] = (),
             notifications: Mapping[str, tuple[type, str]] | None = None) -> dict[str, Any]:
    """The OpenRPC document of every method of ``registry``."""
    builder = SchemaBuilder()
    methods = []
    for m in registry.methods.values():
        props, required = builder.fields(m.params)
        params = []
        for name, schema in props.items():
            param: dict[str, Any] = {"name": name, "required": name in required}
            schema = dict(schema)
            if "description" in schema:
                param["description"] = schema.pop("description")
                if list(schema) == ["allOf"] and len(schema["allOf"]) == 1:
                    schema = schema["allOf"][0]
            param["schema"] = schema
            params.append(param)
        entry: dict[str, Any] = {
            "name": m.name,
            "summary": m.summary,
        }
        if m.description:
            entry["description"] = _clean(m.description)
        entry["paramStructure"] = "either"
        entry["params"] = params
        entry["result"] = {"name": m.result_name, "schema": builder.schema(m.result)}
        entry["errors"] = [_error(e) for e in m.errors]
        if m.push:
            entry["x-transports"] = ["websocket", "stdio"]
        methods.append(entry)
    x_notifications = []
    for name, (params_type, summary) in (notifications or {}).items():
        props, _ = builder.fields(params_type)
        x_notifications.append({
            "name": name, "summary": summary,
            "params": [{"name": k, "schema": v} for k, v in props.items()],
        })
    all_errors = [*STANDARD_ERRORS, *errors]
    return {
        "openrpc": OPENRPC_VERSION,
        "info": {
            "title": "ora",
            "version": API_VERSION,
            "description": "JSON-RPC 2.0 API of the ora rules engine for Ora et Labora "
                           "(docs/api.md). Transports: stdio (one message per line), HTTP "
                           "POST /rpc, WebSocket /ws. Every error's data holds code, reason, "
                           "rule and detail.",
        },
        "methods": methods,
        "components": {
            "schemas": dict(sorted(builder.components.items())),
            "errors": {e.name: _error(e) for e in all_errors},
        },
        "x-notifications": x_notifications,
        **({"x-http-routes": registry.http_routes} if registry.http_routes else {}),
    }


def render(doc: Mapping[str, Any]) -> bytes:
    """The committed form: indented JSON with a final newline."""
    return orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"
