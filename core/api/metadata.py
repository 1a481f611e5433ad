"""``OPTIONS`` answers for the API that never fail on a view without a serializer."""
from rest_framework.metadata import SimpleMetadata


class ApiMetadata(SimpleMetadata):
    """DRF's ``OPTIONS`` body (``{"name", "description", "renders", "parses", "actions"?}``).

    DRF describes the fields of ``POST``/``PUT`` from ``view.get_serializer()``, which raises
    ``AssertionError`` (a 500) on a generic view that reads its body with serializers of its own
    and declares no ``serializer_class``; such a view gets no ``actions`` instead.
    """

    def determine_actions(self, request, view) -> dict:
        """``{"POST": {field: info}, "PUT": ...}`` from the view's serializer; ``{}`` without one."""
        try:
            view.get_serializer_class()
        except AssertionError:
            return {}
        return super().determine_actions(request, view)
