"""Matches in the Django admin, read-only: a match changes only through its services (its state
must stay the one its log replays to), so the admin shows matches, seats and the action log and
may delete a match, nothing else; ratings are shown the same way."""
from django.contrib import admin

from .models import Match, MatchAction, Rating, Seat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = readonly_fields = ("index", "name", "user", "session_key", "address", "bot", "resigned", "timed_out")


class MatchActionInline(ReadOnlyInline):
    model = MatchAction
    fields = readonly_fields = ("version", "seat", "action", "by", "created")


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "players", "status", "version", "created_by", "created_address", "created", "updated")
    list_filter = ("status", "game")
    # the client address finds every match one client made or sat at (play.services.limits counts by it)
    search_fields = ("id", "seats__name", "created_by__username", "created_address", "seats__address")
    date_hierarchy = "created"
    readonly_fields = ("created", "updated")
    inlines = (SeatInline, MatchActionInline)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    list_display = ("match", "version", "seat", "by", "created")
    list_filter = ("by",)
    search_fields = ("match__id",)
    list_select_related = ("match",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    """Ratings, read-only: they change only through ``play.services.ratings`` as matches finish."""

    list_display = ("user", "game", "ordinal", "mu", "sigma", "games", "updated")
    list_filter = ("game",)
    search_fields = ("user__username",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
