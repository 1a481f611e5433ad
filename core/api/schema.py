"""The OpenAPI schema of the API documents the errors every operation can answer.

Views document their own refusals with ``extend_schema``; the errors the shared layers give,
whatever the view, are added here to every operation they can happen to, all in the one error
shape (``ErrorSerializer``):

- 401 ``not_authenticated``: a token that is not valid, on any operation; no user where one is needed;
- 403 ``permission_denied``: a write made with a session but without its CSRF token;
- 400 ``bad_parameter``: a query parameter the operation does not take, given twice, or not of
  its kind (``core.api.params``), on any operation;
- 404 ``not_found``: an id in the path that names nothing, a page past the last one;
- 413 ``request_too_large`` and 411 ``length_required``: any write; 400
  ``malformed_body``/``invalid_text``/``invalid_request`` and 415 ``unsupported_media_type`` (a
  body that is not JSON): a write that reads a body;
- 406 ``not_acceptable``: an ``Accept`` header the API cannot answer;
- 429 ``throttled``: too many requests.

``ApiAutoSchema`` is drf-spectacular's ``AutoSchema`` with these added, the default schema class
of every API view (``REST_FRAMEWORK["DEFAULT_SCHEMA_CLASS"]``).

``describe_error_codes`` (a postprocessing hook, ``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)
writes the registry of error codes (``core.errors``) into the schema: each error response's
description lists the codes answered with its status on its path, with their meaning; the
``code`` of the error shape is an enum of every code; the API's description lists them all.
"""
from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication

from core.errors import ErrorCode, error_codes
from tcg.integers import BadValue, parse_int


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="snake_case")
    message = serializers.CharField(help_text="a sentence, in the language asked for")
    details = serializers.JSONField(help_text="more about the error, e.g. problems: [{field, message}]")


class ErrorSerializer(serializers.Serializer):
    """``{"error": {"code", "message", "details"}}``."""

    error = ErrorBodySerializer()


ERROR_RESPONSE = OpenApiResponse(ErrorSerializer, description='{"error": {"code", "message", "details"}}')

_WRITES = ("POST", "PUT", "PATCH", "DELETE")


class ApiAutoSchema(AutoSchema):
    """``AutoSchema`` that adds the shared layers' errors (see the module) to each operation."""

    def _shared_error_codes(self) -> list[int]:
        codes = [400, 406]
        if self.view.get_authenticators():
            codes.append(401)
        if self.method in _WRITES and any(isinstance(a, SessionAuthentication) for a in self.view.get_authenticators()):
            codes.append(403)
        if "{" in self.path or (self.method == "GET" and self._is_list_view() and self._get_paginator()):
            codes.append(404)
        if self.method in _WRITES:
            codes += [411, 413]
            if self.method != "DELETE" and self.get_request_serializer() is not None:
                codes.append(415)
        if self.view.get_throttles():
            codes.append(429)
        return sorted(codes)

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        for key, response in list(responses.items()):
            if "400" <= key < "500" and "content" not in response:
                # A refusal a view documents with a description only is in the error shape too.
                described = OpenApiResponse(ErrorSerializer, description=response.get("description", ""))
                responses[key] = self._get_response_for_code(described, key, direction=direction)
        for code in self._shared_error_codes():
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(ERROR_RESPONSE, str(code), direction=direction)
        return dict(sorted(responses.items()))


def _answered_on(code: ErrorCode, path: str) -> bool:
    return not code.paths or any(path.startswith(prefix) for prefix in code.paths)


def _code_lines(codes) -> str:
    return "\n".join(f"- `{c.code}` ({c.status}): {c.description}" for c in codes)


def describe_error_codes(result, generator, request, public):
    """drf-spectacular postprocessing hook: the registry of error codes in the schema (see the
    module). Returns the schema ``result``, changed in place."""
    codes = sorted(error_codes().values(), key=lambda c: (c.status, c.code))
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for status, response in operation.get("responses", {}).items():
                try:
                    number = parse_int(status, 400)
                except BadValue:  # a success, or "default"
                    continue
                here = [c for c in codes if c.status == number and _answered_on(c, path)]
                if here:
                    described = response.get("description", "")
                    response["description"] = (described + "\n\n" if described else "") + "Codes:\n" + _code_lines(here)
    body = result.get("components", {}).get("schemas", {}).get("ErrorBody")
    if body is not None:
        body["properties"]["code"]["enum"] = [c.code for c in sorted(codes, key=lambda c: c.code)]
    info = result.setdefault("info", {})
    info["description"] = info.get("description", "") + "\n\nError codes (code, status, meaning):\n" + _code_lines(codes)
    return result
