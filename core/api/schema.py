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
"""
from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication


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
