/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MESSAGE_LINKING_H
#define MESSAGE_LINKING_H

/**
 * \file
 * \ingroup chronometry
 * WAP5 message linking in one include.  Each concept has its own header:
 * - trace-message.h: TraceMessage, NodePair (a reconciled message);
 * - linking-config.h: LinkingConfig, LinkDelayModel (the parameters);
 * - linking-result.h: ParentLink, MessageLinks, LinkingResult (steps 1-2 output);
 * - path-pattern.h: PathNode, PathInstance, PathPattern, Canonicalize,
 *   AggregatePatterns, TruePatterns (step 3's trees and patterns);
 * - message-linker.h: MessageLinker (the algorithm);
 * - linking-scores.h: LinkScore, PatternScore, NodeDelayScore,
 *   DecisionComparison and their scoring functions;
 * - pairwise-clock-estimator.h: clock offsets (and rates) between node pairs.
 * Baselines, calibration, client aggregation, endpoint reconciliation and
 * score intervals are in their own headers (not included here).
 */

#include "linking-config.h"
#include "linking-result.h"
#include "linking-scores.h"
#include "message-linker.h"
#include "pairwise-clock-estimator.h"
#include "path-pattern.h"
#include "trace-message.h"

#endif /* MESSAGE_LINKING_H */
