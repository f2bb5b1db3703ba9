/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "study-runner.h"

#include "study-streams.h"

#include "ns3/abort.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/chronometry-validation.h"
#include "ns3/log.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"

#include <chrono>
#include <iostream>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("StudyRunner");

StudySettings&
StudySettings::Set(const std::string& attribute, const AttributeValue& value)
{
    m_entries.push_back(Entry{attribute, value.Copy(), ""});
    return *this;
}

StudySettings&
StudySettings::Set(const std::string& attribute, const std::string& text)
{
    m_entries.push_back(Entry{attribute, nullptr, text});
    return *this;
}

StudySettings&
StudySettings::Set(const std::string& attribute, const char* text)
{
    return Set(attribute, std::string(text));
}

const std::vector<StudySettings::Entry>&
StudySettings::GetEntries() const
{
    return m_entries;
}

namespace
{

/**
 * Say once per process that a deprecated parameter name was used.
 * \param used the name given ("ns3::ReplayStudy::Skew")
 * \param current the parameter's name now
 */
void
NoteDeprecated(const std::string& used, const std::string& current)
{
    static std::set<std::string> said;
    if (said.insert(used).second)
    {
        std::cerr << "chronometry: " << used << " is deprecated; use " << current
                  << " (the same parameter)" << std::endl;
    }
}

} // namespace

void
StudySettings::Apply(Ptr<Study> study) const
{
    const StudyDescription& d = study->GetDescription();
    for (const auto& e : m_entries)
    {
        const StudyParameter* p = d.FindParameter(e.attribute);
        const std::string renamed = d.RenamedFrom(e.attribute);
        if (p == nullptr || (p->attribute != e.attribute && renamed.empty()))
        {
            chronometry::ReportConfigError(d.GetTypeId().GetName() + " has no parameter '" +
                                           e.attribute + "'; valid: " + d.ListAttributes());
        }
        if (!renamed.empty())
        {
            NoteDeprecated(d.GetTypeId().GetName() + "::" + e.attribute, renamed);
        }
        Ptr<AttributeValue> value = e.value ? e.value : d.ParseValue(*p, e.text, e.attribute);
        chronometry::SetAttributeOrReport(*study, p->attribute, *value); // its checker: the range
    }
}

namespace
{

/** Simulator::Destroy() when the run ends, also by an exception (THROW mode, Python). */
struct SimulatorGuard
{
    ~SimulatorGuard()
    {
        Simulator::Destroy();
    }
};

} // namespace

StudyRecord
StudyRunner::ReadParameters(Ptr<const Study> study)
{
    const StudyDescription& d = study->GetDescription();
    StudyRecord record(d.GetParameterSchema());
    for (const auto& p : d.GetParameters())
    {
        Ptr<AttributeValue> value = d.GetAttributeInformation(p).checker->Create();
        study->GetAttribute(p.attribute, *value);
        if (const auto* t = dynamic_cast<const TimeValue*>(PeekPointer(value)))
        {
            record.Set(p.keyword, t->Get().GetNanoSeconds());
        }
        else if (const auto* u = dynamic_cast<const UintegerValue*>(PeekPointer(value)))
        {
            record.Set(p.keyword, u->Get());
        }
        else if (const auto* x = dynamic_cast<const DoubleValue*>(PeekPointer(value)))
        {
            record.Set(p.keyword, x->Get());
        }
        else if (const auto* b = dynamic_cast<const BooleanValue*>(PeekPointer(value)))
        {
            record.Set(p.keyword, b->Get());
        }
        else
        {
            record.Set(p.keyword, d.FormatValue(p, *value)); // text, an enum's name
        }
    }
    return record;
}

StudyResult
StudyRunner::Run(Ptr<Study> study)
{
    NS_LOG_FUNCTION(study);
    NS_ABORT_MSG_IF(!study, "StudyRunner::Run: no study");
    NS_ABORT_MSG_IF(study->m_used,
                    "StudyRunner::Run: a study object runs once; create another for another run");
    const StudyDescription& d = study->GetDescription();
    study->Validate(); // before anything is built
    study->m_used = true;
    auto start = std::chrono::steady_clock::now();
    StudyResult result(d, ReadParameters(study));
    RngSeedManager::SetSeed(study->m_seed);
    RngSeedManager::SetRun(study->m_run);
    {
        SimulatorGuard guard;
        StudyStreams streams;
        Time stop = study->Build(streams);
        NS_LOG_INFO("study " << d.GetName() << " built, " << streams.GetBlocks().size()
                             << " stream blocks, running to " << stop.As(Time::S));
        Simulator::Stop(stop);
        Simulator::Run();
        study->Measure(result);
        result.SetSimulatorEvents(Simulator::GetEventCount());
    }
    study->Dispose(); // its scenario and truth collectors
    result.Set("wall_s",
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return result;
}

StudyResult
StudyRunner::Run(const std::string& name, const StudySettings& settings)
{
    Ptr<Study> study = StudyDescription::Get(name).Create();
    settings.Apply(study);
    return Run(study);
}

} // namespace ns3
