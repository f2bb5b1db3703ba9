"""OneClock scheduling (model/scheduling): the end-to-end-time predictors, the baselines they
must beat, the service-time models, and the scheduling study (run_scheduling_study).
"""
from ._chronometry import (EtePredictor, ReferencePredictor, draw_service_series,
                           evaluate_predictors, server_types)
from ._results import PredictorError, PredictorEvaluation, ServerType, ServiceSeries
from ._studies import exports as _exports

globals().update(_exports(__name__))
__all__ = ["EtePredictor", "ReferencePredictor", "evaluate_predictors", "server_types",
           "draw_service_series", "PredictorEvaluation", "PredictorError", "ServerType", "ServiceSeries"]
__all__ += list(_exports(__name__))
