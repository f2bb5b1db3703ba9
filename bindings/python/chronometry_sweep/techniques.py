"""Deprecated: the module ``studies`` under its former name (a sweep's "technique" is now its
"study"). Importing it warns; it will be removed in the next release."""
import warnings

from .studies import STUDIES as TECHNIQUES  # noqa: F401 (the former names)
from .studies import parameters, resolve, study_of  # noqa: F401

warnings.warn("chronometry_sweep.techniques is deprecated; use chronometry_sweep.studies "
              "(TECHNIQUES is STUDIES)", DeprecationWarning, stacklevel=2)
