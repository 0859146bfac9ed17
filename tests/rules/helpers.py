"""The rule tests build their situations with hotw.situations."""

from hotw.situations import (  # noqa: F401
    act,
    card_id,
    first_land,
    foothold_next_to,
    jump_to_epoch,
    new,
    place,
    roll,
    turn_of,
)
