"""The rule tests build their situations as positions with hotw.situations (no test writes a game's state)."""

from hotw.situations import (  # noqa: F401
    act,
    card_id,
    first_land,
    free_land_next_to,
    free_lands,
    land_neighbours,
    new,
    position,
    roll,
    turn_of,
)
