/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Oscillators from datasheets: the Allan deviation a simulated node clock shows, measured
// against the one its PowerLawOscillator was configured with.
//
// One node per preset (XO, TCXO, OCXO) gets a DriftingClock through ClockHelper with
// SetOscillator("ns3::PowerLawOscillator", "Preset", ...) and its class's frequency
// tolerance as BaseDrift; optionally one more oscillator per noise type alone (--types).
// Each clock's exact reading minus true time, sampled every Tau0 during the simulation, gives
// the overlapping (and modified) Allan deviation at octave-spaced tau and at 1 s, 10 s, ...;
// the CSV has, per model and tau, the measured value, its 95% confidence interval (edf of
// random-walk FM, the smallest of the types present; of the type itself with --types), the
// configured curve and the run's length.  examples/plot-adev.py draws it:
//
//   ./oscillator-adev --samples=1048576 --csv=adev.csv && plot-adev.py adev.csv adev.png
//
//   ./oscillator-adev --presets=none --types=WPM,FPM,WFM,FFM,RWFM --samples=1048576

#include "ns3/allan-deviation.h"
#include "ns3/chronometry-checkers.h"
#include "ns3/clock-helper.h"
#include "ns3/core-module.h"
#include "ns3/drifting-clock.h"
#include "ns3/network-module.h"
#include "ns3/power-law-oscillator.h"

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("OscillatorAdev");

namespace
{

/** One model whose deviation is measured. */
struct Model
{
    std::string name;                     //!< label in the CSV
    Ptr<PowerLawOscillator> oscillator;   //!< its oscillator (for the configured curve)
    std::function<ClockValue(Time)> read; //!< phase (time steps) at a true time
    PowerLawNoise edfType;                //!< noise type whose edf sizes the interval
};

/**
 * \param text comma-separated items, or "none"
 * \return the items (none for "none" or an empty text)
 */
std::vector<std::string>
Split(const std::string& text)
{
    std::vector<std::string> items;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
    {
        if (!item.empty() && item != "none")
        {
            items.push_back(item);
        }
    }
    return items;
}

/**
 * Presets: node clocks installed by the helper, as in a simulation, one node each.
 * \param presets the presets, comma-separated (XO, TCXO, OCXO), or none
 * \param nodes receives the nodes
 * \param models receives one model per preset
 */
void
AddPresetModels(const std::string& presets, NodeContainer& nodes, std::vector<Model>& models)
{
    std::vector<std::string> presetNames = Split(presets);
    nodes.Create(presetNames.size());
    for (std::size_t i = 0; i < presetNames.size(); ++i)
    {
        PowerLawOscillator::Preset preset = presetNames[i] == "XO"     ? PowerLawOscillator::XO
                                            : presetNames[i] == "TCXO" ? PowerLawOscillator::TCXO
                                            : presetNames[i] == "OCXO" ? PowerLawOscillator::OCXO
                                                                       : PowerLawOscillator::NONE;
        NS_ABORT_MSG_IF(preset == PowerLawOscillator::NONE,
                        "--presets: unknown preset " << presetNames[i] << " (XO, TCXO, OCXO)");
        ClockHelper clocks;
        clocks.SetOscillator("ns3::PowerLawOscillator", "Preset", StringValue(presetNames[i]));
        clocks.SetDriftPpm({PowerLawOscillator::GetPresetTolerancePpm(preset)});
        NodeContainer one(nodes.Get(i));
        auto clock = DynamicCast<DriftingClock>(clocks.Install(one).front());
        clocks.AssignStreams(one, 100 * (i + 1));
        models.push_back(Model{presetNames[i],
                               DynamicCast<PowerLawOscillator>(clock->GetOscillator()),
                               [clock](Time t) { return clock->GetExactValue(t); },
                               PowerLawNoise::RANDOM_WALK_FM});
    }
}

/**
 * Noise types alone, on bare oscillators.
 * \param types the types, comma-separated (WPM, FPM, WFM, FFM, RWFM), or none
 * \param adev ADEV at 1 s of each
 * \param models receives one model per type
 */
void
AddTypeModels(const std::string& types, double adev, std::vector<Model>& models)
{
    const std::pair<const char*, PowerLawNoise> typeNames[] = {
        {"WPM", PowerLawNoise::WHITE_PM},
        {"FPM", PowerLawNoise::FLICKER_PM},
        {"WFM", PowerLawNoise::WHITE_FM},
        {"FFM", PowerLawNoise::FLICKER_FM},
        {"RWFM", PowerLawNoise::RANDOM_WALK_FM}};
    const char* adevAttribute[] = {"WhitePmAdev1s",
                                   "FlickerPmAdev1s",
                                   "WhiteFmAdev1s",
                                   "FlickerFmAdev",
                                   "RandomWalkFmAdev1s"};
    for (const auto& name : Split(types))
    {
        bool found = false;
        for (const auto& [label, type] : typeNames)
        {
            if (name == label)
            {
                auto oscillator = CreateObjectWithAttributes<PowerLawOscillator>(
                    adevAttribute[static_cast<int>(type)],
                    DoubleValue(adev));
                oscillator->AssignStreams(1000 + 10 * static_cast<int>(type));
                models.push_back(Model{label,
                                       oscillator,
                                       [oscillator](Time t) { return oscillator->GetPhase(t); },
                                       type});
                found = true;
            }
        }
        NS_ABORT_MSG_IF(!found, "--types: unknown type " << name << " (WPM, FPM, WFM, FFM, RWFM)");
    }
}

/**
 * One model's CSV lines (per tau: measured deviation, interval, configured curve) and its
 * summary on standard output.
 * \param out the CSV
 * \param model the model
 * \param phase its phase samples, seconds, one per tau0
 * \param tau0 the sampling interval
 * \param samples the number of samples
 */
void
WriteModel(std::ofstream& out,
           const Model& model,
           const std::vector<double>& phase,
           Time tau0,
           uint32_t samples)
{
    NS_ABORT_MSG_IF(model.oscillator->GetTau0() != tau0, "one Tau0 for every model");
    AllanDeviation deviation(phase, tau0);
    // Octaves of tau0, and the decades 1 s, 10 s, ... a datasheet quotes.
    std::set<uint32_t> factors;
    for (uint32_t m : deviation.OctaveFactors())
    {
        factors.insert(m);
    }
    for (int64_t decade = Seconds(1).GetTimeStep(); decade % tau0.GetTimeStep() == 0; decade *= 10)
    {
        auto m = static_cast<uint64_t>(decade / tau0.GetTimeStep());
        if (8 * m + 1 > samples)
        {
            break;
        }
        factors.insert(static_cast<uint32_t>(m));
    }
    for (uint32_t m : factors)
    {
        Time tau = tau0 * m;
        double value = deviation.Overlapping(m);
        double edf = AllanDeviation::EquivalentDof(model.edfType, samples, m);
        auto [lo, hi] = AllanDeviation::ConfidenceInterval(value, edf, 1.959964);
        out << model.name << ',' << tau.GetSeconds() << ',' << m << ',' << value << ',' << lo << ','
            << hi << ',' << model.oscillator->GetConfiguredAdev(tau) << ','
            << (3 * m + 1 <= samples ? deviation.Modified(m) : 0.0) << ',' << edf << ','
            << (tau0 * samples).GetSeconds() << '\n';
    }
    std::cout << model.name << ": ADEV(1 s) measured "
              << deviation.Overlapping(
                     static_cast<uint32_t>(Seconds(1).GetTimeStep() / tau0.GetTimeStep()))
              << ", configured " << model.oscillator->GetConfiguredAdev(Seconds(1)) << '\n';
}

} // namespace

int
main(int argc, char* argv[])
{
    chronometry::ExplainConfigErrors(); // a refused setting: its reason, exit status 1
    std::string presets = "XO,TCXO,OCXO";
    std::string types = "none";
    double adev = 1e-10;
    uint32_t samples = 1 << 18;
    std::string csv = "oscillator-adev.csv";
    CommandLine cmd(__FILE__);
    cmd.AddValue("presets", "Presets, comma-separated (XO, TCXO, OCXO), or none", presets);
    cmd.AddValue("types",
                 "Noise types alone, comma-separated (WPM, FPM, WFM, FFM, RWFM), or none",
                 types);
    cmd.AddValue("adev", "ADEV at 1 s of each type alone (--types)", adev);
    cmd.AddValue("samples", "Phase samples per model, one per Tau0 (62.5 ms)", samples);
    cmd.AddValue("csv", "Output CSV", csv);
    cmd.Parse(argc, argv);
    NS_ABORT_MSG_IF(samples < 64, "--samples must be at least 64");

    std::vector<Model> models;
    NodeContainer nodes;
    AddPresetModels(presets, nodes, models);
    AddTypeModels(types, adev, models);

    // Sample every clock every Tau0 during the simulation: its reading minus true time (a
    // DriftingClock's offset is 0 here), exact, in seconds.
    const Time tau0 = models.empty() ? Seconds(1) : models.front().oscillator->GetTau0();
    const double stepsPerSecond = static_cast<double>(Seconds(1).GetTimeStep());
    std::vector<std::vector<double>> phase(models.size());
    for (uint32_t i = 0; i < samples; ++i)
    {
        Simulator::Schedule(tau0 * i, [&models, &phase, stepsPerSecond]() {
            Time now = Simulator::Now();
            for (std::size_t k = 0; k < models.size(); ++k)
            {
                ClockValue error = models[k].read(now) - ClockValue::FromSteps(now.GetTimeStep());
                phase[k].push_back(error.GetDouble() / stepsPerSecond);
            }
        });
    }
    Simulator::Run();

    std::ofstream out(csv + ".tmp");
    NS_ABORT_MSG_IF(!out, "cannot write " << csv << ".tmp");
    out << "model,tau_s,m,adev,adev_lo95,adev_hi95,configured_adev,mdev,edf,run_s\n";
    out.precision(6);
    for (std::size_t k = 0; k < models.size(); ++k)
    {
        WriteModel(out, models[k], phase[k], tau0, samples);
    }
    out.close();
    NS_ABORT_MSG_IF(std::rename((csv + ".tmp").c_str(), csv.c_str()) != 0,
                    "cannot rename " << csv << ".tmp");
    Simulator::Destroy();
    return 0;
}
