/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef INFERENCE_PY_H
#define INFERENCE_PY_H

// What the two files of the inference bindings share: bindings/inference-py.cc (linking,
// baselines, scores) and bindings/inference-trace-py.cc (the traces).

#include "chronometry-py.h"

#include "ns3/message-linking.h"

#include <cstdint>
#include <optional>
#include <pybind11/pybind11.h>
#include <vector>

namespace chronometry_py
{
namespace inference
{

/**
 * A trace from its columns (ValueError unless they have the same length).
 * \param senders sender per message
 * \param receivers receiver per message
 * \param sendTs sender-local send times (None: untraced)
 * \param recvTs receiver-local receive times (None: untraced)
 * \return the trace, message i with id i + 1
 */
std::vector<ns3::TraceMessage> MakeTrace(const std::vector<uint32_t>& senders,
                                         const std::vector<uint32_t>& receivers,
                                         const std::vector<std::optional<ns3::Time>>& sendTs,
                                         const std::vector<std::optional<ns3::Time>>& recvTs);

/**
 * The traces: reconcile_trace, synthetic_trace, fit_pair_clocks.
 * \param m the module
 */
void RegisterTraces(pybind11::module_& m);

} // namespace inference
} // namespace chronometry_py

#endif /* INFERENCE_PY_H */
