"""Reproducible training of the handwritten digit model (issues 5 and 13).

The training set is built from the TRAINING side of the source split only
(ocr/training/digit_dataset.py: scikit-learn's digits, the TRAINING handwriting fonts and
stroke writers, generated TRAINING pages, optionally the real handwriting archives and a
club's review corrections, each put on simulated scanned paper and normalised as the
reader normalises a box). ``MEMBERS`` small convolutional networks (ocr/training/cnn.py)
are trained from consecutive seeds and averaged. The softmax temperature is the one with
the lowest log-loss on the held-out TRAINING-side writers (never trained on): a model sure
of itself on writers it has never seen makes the joint decoder take a misread digit at face
value. The report gives the held-out accuracy, on clean and on dusty boxes. Same data and
seed, same weights.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ocr.digits import DEFAULT_MODEL_PATH, NO_DIGIT, DigitModel
from ocr.training.digit_dataset import (
    TrainingSources,
    build_dataset,
    default_sources,
    validation_set,
)
from ocr.training.scanned_box import no_digit_boxes

__all__ = [
    "MEMBERS",
    "TEMPERATURES",
    "TrainingReport",
    "train_digit_model",
]

MEMBERS = 2
"""Networks averaged (consecutive seeds). Two wide networks read the held-out writers
within 0.3 points of three (docs/reader-history.md, "The digit model"), at two thirds of the
time."""

TEMPERATURES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""Softmax temperatures tried on the held-out writers; the lowest log-loss is shipped."""


@dataclass(frozen=True)
class TrainingReport:
    """What a training run used and how well it did on data it had not seen."""

    samples: int
    held_out: int
    held_out_accuracy: float
    per_source: dict[str, int] = field(default_factory=dict)
    held_out_log_loss: float = 0.0
    temperature: float = 1.0
    log_loss_by_temperature: dict[float, float] = field(default_factory=dict)
    dusty_accuracy: float = 0.0
    """The held-out writers' digits, each on a dusty box."""
    dusty_empty_no_digit: float | None = None
    """Of held-out dusty empty boxes the blank decision reads, the share read ``NO_DIGIT``
    first (None for a model without that class)."""


def train_digit_model(
    out: Path = DEFAULT_MODEL_PATH,
    sources: TrainingSources | None = None,
    seed: int = 20261122,
    members: int = MEMBERS,
    settings: object | None = None,
    progress: Callable[[str], None] | None = None,
) -> TrainingReport:
    """Build the dataset, train ``members`` networks (seeds ``seed``, ``seed + 1``, ...),
    fit the temperature on the held-out TRAINING-side writers, write ``out``."""
    from ocr.training.cnn import TrainSettings, log_loss, train_network

    say = progress or (lambda _msg: None)
    src = sources or default_sources()
    say("building the training set")
    images, labels, counts = build_dataset(src, seed)
    say(f"{len(labels)} digits: {counts}")
    conf = settings if isinstance(settings, TrainSettings) else TrainSettings()
    conf = replace(conf, classes=int(labels.max()) + 1 if labels.max() == NO_DIGIT else 10)
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    for k in range(members):
        ws, bs = train_network(
            images,
            labels,
            seed=(seed + k) % 2**31,
            settings=conf,
            progress=lambda epoch, loss, k=k: say(
                f"network {k + 1}: epoch {epoch}, loss {loss:.4f}"
            ),
        )
        weights += ws
        biases += bs
    val_x, val_y = validation_set(real=src.real_digits)
    losses = {}
    for t in TEMPERATURES:
        trial = DigitModel(tuple(weights), tuple(biases), members=members, temperature=t)
        losses[t] = round(log_loss(trial, val_x, val_y), 4)
    temperature = min(losses, key=lambda t: (losses[t], t))
    model = DigitModel(
        tuple(weights),
        tuple(biases),
        description=(
            f"CNN conv3x3({conf.conv1})-conv3x3({conf.conv2})-dense{conf.dense} x{members}, "
            f"{conf}, temperature "
            f"{temperature} (held-out log-loss {losses}), seed {seed}, sources {counts}"
        ),
        members=members,
        temperature=temperature,
    )
    accuracy = float((model.probabilities(val_x).argmax(axis=1) == val_y).mean())
    dusty_x, dusty_y = validation_set(real=src.real_digits, dust=True)
    dusty_accuracy = float((model.probabilities(dusty_x).argmax(axis=1) == dusty_y).mean())
    empty_no_digit = None
    if model.classes > NO_DIGIT:
        empties = np.stack(list(no_digit_boxes(300, np.random.default_rng(seed + 7))))
        empty_no_digit = float((model.probabilities(empties).argmax(axis=1) == NO_DIGIT).mean())
    say(f"held-out accuracy {accuracy:.4f}, on dusty boxes {dusty_accuracy:.4f}; dusty empty "
        f"boxes read as no digit: {empty_no_digit}")  # fmt: skip
    model = replace(
        model,
        description=f"{model.description}; held-out accuracy {accuracy:.4f}, on dusty boxes "
        f"{dusty_accuracy:.4f}, dusty empty boxes read as no digit {empty_no_digit}",
    )
    model.save(out)
    return TrainingReport(
        samples=len(labels),
        held_out=len(val_y),
        held_out_accuracy=accuracy,
        per_source=counts,
        held_out_log_loss=losses[temperature],
        temperature=temperature,
        log_loss_by_temperature=losses,
        dusty_accuracy=dusty_accuracy,
        dusty_empty_no_digit=empty_no_digit,
    )
