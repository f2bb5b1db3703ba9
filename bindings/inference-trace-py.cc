/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Python bindings of the traces WAP5 works on: one record per message reconciled from a
// causality log's columns (reconcile_trace), synthetic multi-tier traces with their true
// parents (synthetic_trace) and pairwise clock fits with corrected delays (fit_pair_clocks).
// Times are int nanoseconds; an untraced side is None.
#include "inference-py.h"

#include "ns3/synthetic-trace.h"
#include "ns3/trace-reconciliation.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace
{

using chronometry_py::inference::MakeTrace;

/**
 * reconcile_trace: messages from a causality log's columns.
 * \param m the module
 */
void
RegisterReconcileTrace(py::module_& m)
{
    using namespace ns3;
    m.def(
        "reconcile_trace",
        [](const std::vector<uint32_t>& process,
           const std::vector<std::string>& kind,
           const std::vector<uint64_t>& messageId,
           const std::vector<uint32_t>& peer,
           const std::vector<Time>& pt,
           const std::vector<Time>& trueTime,
           std::optional<std::vector<bool>> traced) {
            std::size_t n = process.size();
            if (kind.size() != n || messageId.size() != n || peer.size() != n || pt.size() != n ||
                trueTime.size() != n)
            {
                throw py::value_error("all event columns must have the same length");
            }
            std::vector<CausalEvent> events;
            events.reserve(n);
            for (std::size_t i = 0; i < n; ++i)
            {
                CausalEventKind k;
                if (kind[i] == "send")
                {
                    k = CausalEventKind::SEND;
                }
                else if (kind[i] == "receive")
                {
                    k = CausalEventKind::RECEIVE;
                }
                else if (kind[i] == "local")
                {
                    k = CausalEventKind::LOCAL;
                }
                else
                {
                    throw py::value_error("kind = '" + kind[i] +
                                          "' is invalid; valid values: 'send', 'receive', 'local'");
                }
                events.push_back(CausalEvent{i,
                                             process[i],
                                             k,
                                             trueTime[i],
                                             pt[i],
                                             messageId[i],
                                             peer[i],
                                             0,
                                             CausalStamp(1, 0)});
            }
            ReconciledTrace t = ReconcileTrace(events, traced.value_or(std::vector<bool>{}));
            py::dict d;
            std::vector<uint64_t> ids;
            std::vector<uint32_t> senders;
            std::vector<uint32_t> receivers;
            std::vector<std::optional<Time>> sendTs;
            std::vector<std::optional<Time>> recvTs;
            for (const auto& msg : t.messages)
            {
                ids.push_back(msg.id);
                senders.push_back(msg.sender);
                receivers.push_back(msg.receiver);
                sendTs.push_back(msg.sendTs);
                recvTs.push_back(msg.recvTs);
            }
            d["message_id"] = ids;
            d["senders"] = senders;
            d["receivers"] = receivers;
            d["send_ts"] = sendTs;
            d["recv_ts"] = recvTs;
            d["true_send"] = t.trueSend;
            d["true_recv"] = t.trueRecv;
            return d;
        },
        py::arg("process"),
        py::arg("kind"),
        py::arg("message_id"),
        py::arg("peer"),
        py::arg("pt"),
        py::arg("true_time"),
        py::arg("traced") = py::none(),
        "One record per message from a causality log's columns (one entry per event).\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "process : list of int\n"
        "    Each event's process.\n"
        "kind : list of str\n"
        "    Each event's kind: 'send', 'receive' or 'local'.\n"
        "message_id : list of int\n"
        "    Each event's message (ignored for a local event).\n"
        "peer : list of int\n"
        "    Each event's peer process.\n"
        "pt : list of int\n"
        "    Each event's reading of its node's clock, ns.\n"
        "true_time : list of int\n"
        "    Each event's true time, ns.\n"
        "traced : list of bool or None, default None\n"
        "    Per process, whether it is traced (an untraced side's time is None); None: all "
        "are.\n"
        "\n"
        "Returns\n"
        "-------\n"
        "Reconciliation\n"
        "    Per message its ends, their traced times and their true times.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    An unknown kind, or columns of different lengths.");
}

/** synthetic_trace's docstring (numpydoc; sixteen parameters: apart from its registration). */
const char* const SYNTHETIC_TRACE_DOC =
    "A simulator-free multi-tier trace with its true parents and true call/return pairs.\n"
    "\n"
    "Clients call a front end, which calls back ends (and a lookup with some probability); "
    "every\n"
    "node's clock has its own offset (and drift). The reply services (0: the step's own) "
    "give\n"
    "candidates with different delays.\n"
    "\n"
    "Parameters\n"
    "----------\n"
    "clients : int, default 4\n"
    "    Clients, in [1, 10000].\n"
    "backends : int, default 3\n"
    "    Back ends.\n"
    "rate : float, default 10.0\n"
    "    Requests per second per client.\n"
    "poisson : bool, default True\n"
    "    Exponential gaps between requests (False: fixed 1/rate).\n"
    "duration_ns : int, default 10000000000\n"
    "    The trace's length, ns.\n"
    "network_delay_ns : int, default 1000000\n"
    "    One-way network delay, ns.\n"
    "network_jitter_ns : int, default 0\n"
    "    Extra delay, uniform in [0, jitter], ns.\n"
    "front_end_service_ns : int, default 2000000\n"
    "    The front end's service time, ns.\n"
    "backend_service_ns : int, default 5000000\n"
    "    A back end's service time, ns.\n"
    "lookup_service_ns : int, default 1000000\n"
    "    The lookup's service time, ns.\n"
    "lookup_probability : float, default 0.5\n"
    "    The probability that a request does a lookup.\n"
    "clock_offset_ns : int, default 50000000\n"
    "    The largest |clock offset| of a node, ns.\n"
    "seed : int, default 1\n"
    "    The random stream's seed.\n"
    "front_end_reply_service_ns : int, default 0\n"
    "    The front end's service before a reply, ns (0: its own service time).\n"
    "backend_reply_service_ns : int, default 0\n"
    "    A back end's service before a reply, ns (0: its own service time).\n"
    "clock_drift_ppm : float, default 0.0\n"
    "    The largest |clock drift|, ppm.\n"
    "\n"
    "Returns\n"
    "-------\n"
    "SyntheticTrace\n"
    "    The messages with their traced and true times, true parents and call pairs, and "
    "every\n"
    "    node's clock offset and drift.\n"
    "\n"
    "Raises\n"
    "------\n"
    "ValueError\n"
    "    A value out of range (ConfigError).";

/**
 * synthetic_trace: a simulator-free multi-tier trace.
 * \param m the module
 */
void
RegisterSyntheticTrace(py::module_& m)
{
    using namespace ns3;
    m.def(
        "synthetic_trace",
        [](uint32_t clients,
           uint32_t backends,
           double rate,
           bool poisson,
           Time duration,
           Time networkDelay,
           Time networkJitter,
           Time frontEndService,
           Time backendService,
           Time lookupService,
           double lookupProbability,
           Time clockOffset,
           uint64_t seed,
           Time frontEndReplyService,
           Time backendReplyService,
           double clockDriftPpm) {
            SyntheticTraceParams p;
            p.clients = clients;
            p.backends = backends;
            p.rate = rate;
            p.poisson = poisson;
            p.duration = duration;
            p.networkDelay = networkDelay;
            p.networkJitter = networkJitter;
            p.frontEndService = frontEndService;
            p.backendService = backendService;
            p.lookupService = lookupService;
            p.lookupProbability = lookupProbability;
            p.clockOffset = clockOffset;
            p.seed = seed;
            p.frontEndReplyService = frontEndReplyService;
            p.backendReplyService = backendReplyService;
            p.clockDriftPpm = clockDriftPpm;
            SyntheticTrace t = GenerateSyntheticTrace(p);
            py::dict d;
            std::vector<uint32_t> senders;
            std::vector<uint32_t> receivers;
            std::vector<std::optional<Time>> sendTs;
            std::vector<std::optional<Time>> recvTs;
            std::vector<uint16_t> senderPort;
            std::vector<uint16_t> receiverPort;
            for (const auto& msg : t.messages)
            {
                senders.push_back(msg.sender);
                receivers.push_back(msg.receiver);
                sendTs.push_back(msg.sendTs);
                recvTs.push_back(msg.recvTs);
                senderPort.push_back(msg.senderPort);
                receiverPort.push_back(msg.receiverPort);
            }
            d["senders"] = senders;
            d["receivers"] = receivers;
            d["send_ts"] = sendTs;
            d["recv_ts"] = recvTs;
            d["sender_port"] = senderPort;
            d["receiver_port"] = receiverPort;
            d["true_parent"] = t.trueParent;
            d["true_call_of"] = t.trueCallOf;
            d["clock_drift"] = t.clockDrift;
            d["true_send"] = t.trueSend;
            d["true_recv"] = t.trueRecv;
            d["clock_offsets"] = t.clockOffsets;
            return d;
        },
        py::arg("clients") = 4,
        py::arg("backends") = 3,
        py::arg("rate") = 10.0,
        py::arg("poisson") = true,
        py::arg("duration_ns") = Seconds(10),
        py::arg("network_delay_ns") = MilliSeconds(1),
        py::arg("network_jitter_ns") = Time(0),
        py::arg("front_end_service_ns") = MilliSeconds(2),
        py::arg("backend_service_ns") = MilliSeconds(5),
        py::arg("lookup_service_ns") = MilliSeconds(1),
        py::arg("lookup_probability") = 0.5,
        py::arg("clock_offset_ns") = MilliSeconds(50),
        py::arg("seed") = 1,
        py::arg("front_end_reply_service_ns") = Time(0),
        py::arg("backend_reply_service_ns") = Time(0),
        py::arg("clock_drift_ppm") = 0.0,
        SYNTHETIC_TRACE_DOC);
}

/**
 * fit_pair_clocks: pairwise clock offsets and rates.
 * \param m the module
 */
void
RegisterFitPairClocks(py::module_& m)
{
    using namespace ns3;
    m.def(
        "fit_pair_clocks",
        [](const std::vector<uint32_t>& senders,
           const std::vector<uint32_t>& receivers,
           const std::vector<std::optional<Time>>& sendTs,
           const std::vector<std::optional<Time>>& recvTs,
           uint32_t segments) {
            auto trace = MakeTrace(senders, receivers, sendTs, recvTs);
            auto fits = PairwiseClockEstimator(segments).Estimate(trace);
            py::dict d;
            for (const auto& [key, f] : fits)
            {
                py::dict fd;
                fd["reference_ns"] = f.reference;
                fd["offset_ns"] = f.offset;
                fd["rate"] = f.rate;
                fd["points"] = f.points;
                d[py::make_tuple(key.first, key.second)] = fd;
            }
            py::list delays;
            for (const auto& msg : trace)
            {
                delays.append(CorrectedNetworkDelay(fits, msg));
            }
            py::dict out;
            out["pairs"] = d;
            out["network_delay_ns"] = delays;
            return out;
        },
        py::arg("senders"),
        py::arg("receivers"),
        py::arg("send_ts"),
        py::arg("recv_ts"),
        py::arg("segments") = 1,
        "Pairwise clock offsets (segments = 1: the paper's constant offset) or offsets and "
        "rates\n"
        "(segments > 1) under symmetric delays, and each message's corrected network delay.\n"
        "\n"
        "Parameters\n"
        "----------\n"
        "senders : list of int\n"
        "    Each message's sending node.\n"
        "receivers : list of int\n"
        "    Each message's receiving node.\n"
        "send_ts : list of int or None\n"
        "    Each message's send time on the sender's clock, ns (None: the sender is not "
        "traced).\n"
        "recv_ts : list of int or None\n"
        "    Each message's receive time on the receiver's clock, ns (None: not traced).\n"
        "segments : int, default 1\n"
        "    Segments of the trace, each fitted on its own (1: one offset per pair), in [1, "
        "1e6].\n"
        "\n"
        "Returns\n"
        "-------\n"
        "PairClockFit\n"
        "    Each pair's fit and each message's corrected delay.\n"
        "\n"
        "Raises\n"
        "------\n"
        "ValueError\n"
        "    A segment count out of range or columns of different lengths (ConfigError).");
}

} // namespace

void
chronometry_py::inference::RegisterTraces(py::module_& m)
{
    RegisterReconcileTrace(m);
    RegisterSyntheticTrace(m);
    RegisterFitPairClocks(m);
}
