/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "causality-export.h"

#include "ns3/log.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CausalityExport");

namespace
{

/** Write \p text to \p path through a temporary file and a rename. */
bool
WriteAtomically(const std::string& path, const std::string& text)
{
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        if (!out)
        {
            return false;
        }
        out << text;
        if (!out.good())
        {
            return false;
        }
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

/** "k:v;..." of the non-zero vector entries. */
std::string
VectorText(const VectorClock& vc)
{
    std::ostringstream os;
    const auto& v = vc.GetEntries();
    bool first = true;
    for (std::size_t k = 0; k < v.size(); ++k)
    {
        if (v[k] != 0)
        {
            os << (first ? "" : ";") << k << ":" << v[k];
            first = false;
        }
    }
    return os.str();
}

/** "k:v;..." of the HVC active entries, values in ns. */
std::string
HvcText(const HybridVectorClock& h)
{
    std::ostringstream os;
    bool first = true;
    for (const auto& [k, v] : h.GetActiveEntries())
    {
        os << (first ? "" : ";") << k << ":" << v;
        first = false;
    }
    return os.str();
}

/** "k:o/c;..." of the stored RepCl offsets and counters. */
std::string
RepClText(const ReplayClock& r)
{
    std::ostringstream os;
    auto offsets = r.ExpandOffsets();
    auto counters = r.ExpandCounters();
    bool first = true;
    for (uint32_t k = 0; k < offsets.size(); ++k)
    {
        if (r.IsStored(k))
        {
            os << (first ? "" : ";") << k << ":" << offsets[k] << "/" << counters[k];
            first = false;
        }
    }
    return os.str();
}

/** One CSV row per event of \p log (a vector of events or a CausalEventLog). */
template <class Log>
bool
WriteCsvOf(const Log& log, const std::string& path)
{
    std::ostringstream os;
    os << "id,process,kind,true_ns,pt_ns,message,peer,stamp_bytes,vector,lamport,hlc_l_ns,"
          "hlc_c,hvc_active,hvc,repcl_mx,repcl,repcl_theta,repcl_sigma,repcl_bits\n";
    for (const auto& e : log)
    {
        const auto& s = e.stamp;
        os << e.id << "," << e.process << "," << ToString(e.kind) << ","
           << e.trueTime.GetNanoSeconds() << "," << e.pt.GetNanoSeconds() << "," << e.messageId
           << "," << e.peer << "," << e.wireBytes << "," << VectorText(s.vector) << ","
           << s.lamport.GetValue() << ",";
        if (s.hlc)
        {
            os << s.hlc->GetL().GetNanoSeconds() << "," << s.hlc->GetC();
        }
        else
        {
            os << ",";
        }
        os << ",";
        if (s.hvc)
        {
            os << s.hvc->GetActiveCount() << "," << HvcText(*s.hvc);
        }
        else
        {
            os << ",";
        }
        os << ",";
        if (s.repcl)
        {
            os << s.repcl->GetMx() << "," << RepClText(*s.repcl) << "," << s.repcl->GetOffsetCount()
               << "," << s.repcl->GetCounterCount() << "," << s.repcl->GetEncodedBits();
        }
        else
        {
            os << ",,,,";
        }
        os << "\n";
    }
    return WriteAtomically(path, os.str());
}

/** A ShiViz log of \p log (a vector of events or a CausalEventLog). */
template <class Log>
bool
WriteShiVizOf(const Log& log, const std::string& path)
{
    std::ostringstream os;
    os << CausalityExport::ShiVizRegex() << "\n";
    os << "^=== (?<trace>.*) ===$\n";
    for (const auto& e : log)
    {
        os << CausalityExport::ShiVizLine(e) << "\n";
    }
    return WriteAtomically(path, os.str());
}

} // namespace

bool
CausalityExport::WriteCsv(const std::vector<CausalEvent>& log, const std::string& path)
{
    return WriteCsvOf(log, path);
}

bool
CausalityExport::WriteCsv(const CausalEventLog& log, const std::string& path)
{
    return WriteCsvOf(log, path);
}

std::string
CausalityExport::ShiVizRegex()
{
    return "^(?<host>\\S+) (?<clock>\\{[^}]*\\}) hlc=(?<hlc>\\S*) hvc=(?<hvc>\\S*) "
           "repcl=(?<repcl>\\S*) (?<event>.*)$";
}

std::string
CausalityExport::ShiVizLine(const CausalEvent& e)
{
    std::ostringstream os;
    os << "p" << e.process << " {";
    const auto& v = e.stamp.vector.GetEntries();
    bool first = true;
    for (std::size_t k = 0; k < v.size(); ++k)
    {
        if (v[k] != 0)
        {
            os << (first ? "" : ", ") << "\"p" << k << "\": " << v[k];
            first = false;
        }
    }
    os << "} hlc=";
    if (e.stamp.hlc)
    {
        os << e.stamp.hlc->GetL().GetNanoSeconds() << "." << e.stamp.hlc->GetC();
    }
    os << " hvc=";
    if (e.stamp.hvc)
    {
        os << HvcText(*e.stamp.hvc);
    }
    os << " repcl=";
    if (e.stamp.repcl)
    {
        os << e.stamp.repcl->GetMx() << "|" << RepClText(*e.stamp.repcl);
    }
    os << " " << ToString(e.kind);
    if (e.kind == CausalEventKind::SEND)
    {
        os << " message " << e.messageId << " to p" << e.peer;
    }
    else if (e.kind == CausalEventKind::RECEIVE)
    {
        os << " message " << e.messageId << " from p" << e.peer;
    }
    os << " at true " << e.trueTime.GetNanoSeconds() << " ns";
    return os.str();
}

bool
CausalityExport::WriteShiViz(const std::vector<CausalEvent>& log, const std::string& path)
{
    return WriteShiVizOf(log, path);
}

bool
CausalityExport::WriteShiViz(const CausalEventLog& log, const std::string& path)
{
    return WriteShiVizOf(log, path);
}

} // namespace ns3
