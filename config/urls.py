"""URL routes: pages (with a language prefix-free switch), the API under /api/, the admin."""
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import views as core_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", core_views.favicon, name="favicon"),
    path("i18n/setlang/", core_views.set_language, name="set_language"),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # Swagger UI with its set-up script at ?script rather than inline (Content-Security-Policy)
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api_docs.html"),
         name="api-docs"),
    path("api/", include("core.api.urls")),
    path("api/", include("cardsdb.api.urls")),
    path("api/", include("decks.api.urls")),
    path("api/", include("play.api.urls")),
    path("accounts/", include("accounts.urls")),
    path("", include("home.urls")),
    path("", include("cardsdb.urls")),
    path("", include("decks.urls")),
    path("", include("play.urls")),
]

handler400 = "core.views.bad_request"
handler403 = "core.views.permission_denied"
handler404 = "core.views.page_not_found"
handler500 = "core.views.server_error"
