/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Real daemons exchanging packets with a simulated node (issue 45): a real chronyd or ptp4l runs
// in a network namespace this program makes, its only interface a tap device whose other end is
// an ns-3 FdNetDevice on a simulated node, under ns-3's real-time scheduler. The node's clock is
// anchored to the host's CLOCK_REALTIME when the run starts (true simulated time 0 = that
// instant) plus the configured offset X, so the daemon sees the simulated clock's time on the
// wire and measures X against the host's clock, which is true time here.
//
//   chronometry-emulate --mode=chrony-client --offset=3ms     (a real chronyd -x polls a
//                                                              simulated NtpServer X ahead)
//   chronometry-emulate --mode=ptp4l-slave --offset=20us      (a real ptp4l, free_running, is
//                                                              slave of a simulated PtpClock)
//   chronometry-emulate --mode=ptp-slave --offset=-5ms        (a simulated PtpClock slave of a
//                                                              real ptp4l grandmaster)
//   chronometry-emulate --mode=ntp-client --offset=200ms      (a simulated NtpClient of a real
//                                                              chronyd -x server)
//
// It prints what the daemon measured (median and spread after its start-up) beside what it
// should measure (chrony: +X, the source minus the local clock; ptp4l: -X, slave minus master),
// the real-time lag, and with --csv one row with every parameter; for ptp-slave and ntp-client,
// the simulated client's estimates and its true error (its clock minus the host's) after lock.
// Needs root, /dev/net/tun and the daemon; exits 77 (CTest's skip code) when one is missing, 3 when
// real time was not kept (the median lag exceeded --maxLag: the result is refused). Nothing touches
// the host's clock (chronyd -x; ptp4l free_running 1) and every packet stays in the namespace.
// doc/emulation.rst has the recipes and where it breaks.

#include "ns3/core-module.h"
#include "ns3/daemon-logs.h"
#include "ns3/drifting-clock.h"
#include "ns3/emulation-sandbox.h"
#include "ns3/fd-net-device-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/ntp-client.h"
#include "ns3/ntp-server.h"
#include "ns3/ptp-clock.h"
#include "ns3/ptp-helper.h"
#include "ns3/realtime-lag-probe.h"

#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

using namespace ns3;
using chronometry::EmulationSandbox;

NS_LOG_COMPONENT_DEFINE("ChronometryEmulate");

namespace
{

/** The run's parameters (command line). */
struct Options
{
    std::string mode{"chrony-client"}; //!< chrony-client or ptp4l-slave
    Time offset{MilliSeconds(3)};      //!< X: the simulated clock's error
    Time duration{Seconds(12)};        //!< the run's length
    Time maxLag{MilliSeconds(1)};      //!< the largest median real-time lag accepted
    Time probe{MilliSeconds(1)};       //!< lag probe period
    int32_t skip{-1};      //!< daemon samples left out (start-up; -1: 8 chrony, 2 ptp4l)
    int32_t utcOffset{37}; //!< TAI - UTC the grandmaster announces
    std::string csv;       //!< CSV file for the result row ("" none)
    std::string pcap;      //!< pcap prefix of the tap side ("" none)
    bool keep{false};      //!< keep the daemon's folder
};

const char* const HOST_ADDRESS = "10.45.0.1";      //!< the daemon's side of the tap
const char* const SIMULATED_ADDRESS = "10.45.0.2"; //!< the simulated node
const Time START = MilliSeconds(10); //!< the applications start after the anchor (time 0)

/** \param sandbox the sandbox \param name a file \return its path in the sandbox's folder */
std::string
PathIn(const EmulationSandbox& sandbox, const std::string& name)
{
    return sandbox.GetDirectory() + "/" + name;
}

/**
 * Write chronyd's configuration and start it: a client of the simulated node polling every
 * 1/16 s (minpoll/maxpoll -4), no server port, no command socket, its pidfile and logs in the
 * sandbox's folder, -x (never adjusts the host's clock).
 * \param sandbox the sandbox
 * \return the measurements log's path
 */
std::string
StartChronyd(EmulationSandbox& sandbox)
{
    std::string conf = PathIn(sandbox, "chrony.conf");
    std::ofstream out(conf);
    out << "server " << SIMULATED_ADDRESS << " iburst minpoll -4 maxpoll -4 noselect\n"
        << "port 0\ncmdport 0\nbindcmdaddress /\n"
        << "pidfile " << PathIn(sandbox, "chronyd.pid") << "\n"
        << "logdir " << sandbox.GetDirectory() << "\nlog measurements\n";
    out.close();
    sandbox.StartDaemon({"chronyd", "-x", "-d", "-u", "root", "-f", conf},
                        PathIn(sandbox, "chronyd.out"));
    return PathIn(sandbox, "measurements.log");
}

/**
 * Write ptp4l's configuration and start it: slaveOnly, free_running (never adjusts a clock),
 * software time stamps, UDPv4 E2E, its own UDS addresses in the sandbox's folder.
 * \param sandbox the sandbox
 * \return its output's path (-m: every "master offset" line)
 */
std::string
StartPtp4l(EmulationSandbox& sandbox)
{
    std::string conf = PathIn(sandbox, "ptp4l.conf");
    std::ofstream out(conf);
    out << "[global]\nslaveOnly 1\nfree_running 1\ntime_stamping software\n"
        // free_running prints one offset per frequency estimate (clock.c clock_no_adjust):
        // freq_est_interval 0 (its least) makes that one per second; summary_interval below
        // logSyncInterval prints each rather than an rms summary.
        << "network_transport UDPv4\ndelay_mechanism E2E\nsummary_interval -7\n"
        << "freq_est_interval 0\n"
        << "tx_timestamp_timeout 100\nuse_syslog 0\n"
        << "uds_address " << PathIn(sandbox, "ptp4l.uds") << "\n";
    out.close();
    std::string log = PathIn(sandbox, "ptp4l.out");
    sandbox.StartDaemon({"ptp4l", "-f", conf, "-i", sandbox.GetTapName(), "-m"}, log);
    return log;
}

/**
 * Write chronyd's configuration and start it as a server of the host's clock: no source, `local
 * stratum 8` (serves its own clock, as a machine without upstream does), `allow` the tap's
 * subnet, -x, no command sockets, its pidfile in the sandbox's folder.
 * \param sandbox the sandbox
 * \return its output's path
 */
std::string
StartChronydServer(EmulationSandbox& sandbox)
{
    std::string conf = PathIn(sandbox, "chrony.conf");
    std::ofstream out(conf);
    out << "local stratum 8\nallow 10.45.0.0/24\ncmdport 0\nbindcmdaddress /\n"
        << "pidfile " << PathIn(sandbox, "chronyd.pid") << "\n";
    out.close();
    std::string log = PathIn(sandbox, "chronyd.out");
    sandbox.StartDaemon({"chronyd", "-x", "-d", "-u", "root", "-f", conf}, log);
    return log;
}

/**
 * Write ptp4l's configuration and start it as a grandmaster: masterOnly, free_running (its
 * time is the host's CLOCK_REALTIME, read by software time stamps, never adjusted), Sync and
 * Delay_Resp every 1/8 s, Announce every 1/4 s, UDPv4 E2E, its own UDS address.
 * \param sandbox the sandbox
 * \return its output's path
 */
std::string
StartPtp4lMaster(EmulationSandbox& sandbox)
{
    std::string conf = PathIn(sandbox, "ptp4l.conf");
    std::ofstream out(conf);
    out << "[global]\nmasterOnly 1\nfree_running 1\ntime_stamping software\n"
        << "network_transport UDPv4\ndelay_mechanism E2E\nlogSyncInterval -3\n"
        << "logMinDelayReqInterval -3\nlogAnnounceInterval -2\npriority1 1\n"
        << "tx_timestamp_timeout 100\nuse_syslog 0\n"
        << "uds_address " << PathIn(sandbox, "ptp4l.uds") << "\n";
    out.close();
    std::string log = PathIn(sandbox, "ptp4l.out");
    sandbox.StartDaemon({"ptp4l", "-f", conf, "-i", sandbox.GetTapName(), "-m"}, log);
    return log;
}

/**
 * What a simulated client (a PtpClock slave of a real ptp4l grandmaster, an NtpClient of a real
 * chronyd) estimated, and its true error.
 */
struct SlaveRecord
{
    std::vector<std::pair<Time, chronometry::DaemonSample>> estimates; //!< (when, offset, delay)
    std::vector<std::pair<Time, Time>> errors; //!< (when, clock minus true time)
    Time anchor;                               //!< true time at simulated time 0
    Time wire;             //!< added to the clock's reading: its time on the wire, minus anchor
    Time firstUpdate{-1};  //!< NtpClient: its first clock update (-1: none)
    Ptr<LocalClock> clock; //!< the slave's clock
    EventId next;          //!< the next truth sample
};

/**
 * Sample the slave's true error (every 125 ms): what its clock puts on the wire (its reading
 * plus the timescale offset) minus true time (the anchor plus the simulated time).
 * \param record the record
 */
void
SampleTruth(SlaveRecord* record)
{
    Time error = record->clock->GetLocalTime() + record->wire - Simulator::Now();
    record->errors.emplace_back(Simulator::Now(), error);
    record->next = Simulator::Schedule(MilliSeconds(125), &SampleTruth, record);
}

/**
 * \param record the record
 * \param offset an NtpClient sample's offset (server minus client)
 * \param delay its round trip
 */
void
NoteNtpSample(SlaveRecord* record, Ipv4Address /* server */, Time offset, Time delay)
{
    record->estimates.push_back({Simulator::Now(), chronometry::DaemonSample{offset, delay / 2}});
}

/**
 * \param record the record: note the NtpClient's first clock correction (a step or a slew;
 *        an update the discipline ignored does not count)
 * \param update the update
 */
void
NoteNtpUpdate(SlaveRecord* record, const NtpClientUpdate& update)
{
    bool corrected = update.code == NtpClockReturn::STEP || update.code == NtpClockReturn::SLEW;
    if (corrected && record->firstUpdate.IsNegative())
    {
        record->firstUpdate = Simulator::Now();
    }
}

/**
 * \param record the record
 * \param sample an Offset trace sample of the slave
 */
void
NoteEstimate(SlaveRecord* record, const PtpOffsetSample& sample)
{
    record->estimates.push_back(
        {Simulator::Now(),
         chronometry::DaemonSample{sample.offsetFromMaster, sample.meanPathDelay}});
}

/**
 * The simulated node: a DriftingClock (ideal oscillator; its InitialOffset is set at the
 * anchor), the Internet stack and an FdNetDevice on a copy of the tap's descriptor.
 * \param tapFd the tap's descriptor
 * \param options the run's options
 * \return the node
 */
Ptr<Node>
MakeNode(int tapFd, const Options& options)
{
    Ptr<Node> node = CreateObject<Node>();
    node->AggregateObject(CreateObject<DriftingClock>());
    InternetStackHelper internet;
    internet.Install(node);
    FdNetDeviceHelper fd;
    NetDeviceContainer devices = fd.Install(node);
    Ptr<FdNetDevice> device = DynamicCast<FdNetDevice>(devices.Get(0));
    device->SetFileDescriptor(dup(tapFd)); // ns-3 closes its copy; the sandbox keeps the tap
    device->SetAddress(Mac48Address("02:00:0a:2d:00:02"));
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    uint32_t interface = ipv4->AddInterface(device);
    ipv4->AddAddress(interface, Ipv4InterfaceAddress(SIMULATED_ADDRESS, "255.255.255.0"));
    ipv4->SetUp(interface);
    if (!options.pcap.empty())
    {
        fd.EnablePcap(options.pcap, device, true);
    }
    return node;
}

/**
 * Install the simulated time source of the mode: an NtpServer (stratum 1) or a PtpClock
 * grandmaster (Role Master, software time stamps at the socket, Sync and Delay_Req every 1/8 s;
 * ptpTimescale and currentUtcOffsetValid set, so ptp4l, whose software time stamps are UTC,
 * subtracts currentUtcOffset: clock.c clock_utc_correct).
 * \param node the node
 * \param options the run's options
 */
void
InstallSource(Ptr<Node> node, const Options& options)
{
    if (options.mode == "chrony-client")
    {
        Ptr<NtpServer> server = CreateObject<NtpServer>();
        node->AddApplication(server);
        server->SetStartTime(START);
        return;
    }
    if (options.mode == "ntp-client")
    {
        Ptr<NtpClient> client = CreateObject<NtpClient>();
        client->SetAttribute("Iburst", BooleanValue(true));
        client->SetServers({Ipv4Address(HOST_ADDRESS)});
        node->AddApplication(client);
        client->SetStartTime(START);
        return;
    }
    PtpHelper ptp;
    ptp.SetClockAttribute("TimestampMode", StringValue("Software"));
    if (options.mode == "ptp-slave")
    {
        ptp.SetClockAttribute("Role", StringValue("Slave"));
        // linuxptp's hardware gains (ptp4l's pi_proportional_const 0.7, pi_integral_const
        // 0.3): the software ones (0.1 T^-0.3, 0.001 T^0.4) wait 36 s at T = 1/8 s before
        // their first frequency estimate and step, longer than a test may run.
        ptp.SetServo("ns3::PiServo",
                     "ProportionalConst",
                     DoubleValue(0.7),
                     "IntegralConst",
                     DoubleValue(0.3));
        ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
        ptp.Install(node)->SetStartTime(START);
        return;
    }
    ptp.SetClockAttribute("Role", StringValue("Master"));
    ptp.SetClockAttribute("ClockClass", UintegerValue(6));
    ptp.SetClockAttribute("TimeFlags", UintegerValue(0x0C));
    ptp.SetClockAttribute("CurrentUtcOffset", IntegerValue(options.utcOffset));
    ptp.SetClockAttribute("SyncInterval", TimeValue(MilliSeconds(125)));
    ptp.SetClockAttribute("AnnounceInterval", TimeValue(MilliSeconds(250))); // selected in 0.5 s
    ptp.SetClockAttribute("MinDelayReqInterval", TimeValue(MilliSeconds(125)));
    ptp.Install(node)->SetStartTime(START);
}

/**
 * Anchor the simulated clock (at simulated time 0, before the applications start): true
 * simulated time 0 = the host's clock then. NTP carries UTC
 * (the server's StartDate is the anchor, its clock reads X at time 0); PTP carries TAI (the
 * wire carries anchor + currentUtcOffset + X: the clock reads that minus the timescale offset
 * PtpClock adds).
 * \param node the node
 * \param anchor the host's CLOCK_REALTIME at simulated time 0
 * \param options the run's options
 */
void
AnchorClock(Ptr<Node> node, Time anchor, const Options& options)
{
    Ptr<DriftingClock> clock = node->GetObject<DriftingClock>();
    if (options.mode == "chrony-client" || options.mode == "ntp-client")
    {
        clock->SetAttribute("InitialOffset", TimeValue(options.offset));
        node->GetApplication(0)->SetAttribute("StartDate", TimeValue(anchor));
    }
    else if (options.mode == "ptp-slave")
    {
        // ptp4l free_running with software time stamps is UTC on the wire, without
        // ptpTimescale (clock.c: time_flags 0 when utc_timescale): the slave starts X off it.
        clock->SetAttribute("InitialOffset",
                            TimeValue(anchor + options.offset - PtpClock::GetTimescaleOffset()));
    }
    else
    {
        // PtpClock adds GetTimescaleOffset() to every reading it puts on the wire.
        clock->SetAttribute("InitialOffset",
                            TimeValue(anchor + Seconds(options.utcOffset) + options.offset -
                                      PtpClock::GetTimescaleOffset()));
    }
}

/**
 * Print the real-time lag and say whether it was kept: refused when the scheduler did not keep
 * up (half the run or more lagged past the bound: the daemon then measures the lag, not the
 * clock); a warning when over 1% did (host stalls: outlier samples, which the medians ignore).
 * \param options the run's options
 * \param probe the lag probe
 * \param csvValues the CSV row so far: the lag columns are appended
 * \return whether real time was kept
 */
bool
LagVerdict(const Options& options,
           const chronometry::RealtimeLagProbe& probe,
           std::ostringstream& csvValues)
{
    Time p50 = probe.GetLagQuantile(0.5);
    Time p99 = probe.GetLagQuantile(0.99);
    bool kept = p50 <= options.maxLag;
    std::cout << "  real-time lag: median " << p50.As(Time::US) << ", p99 " << p99.As(Time::US)
              << ", max " << probe.GetMaxLag().As(Time::US) << " at "
              << probe.GetMaxLagAt().As(Time::S) << ", " << probe.GetProbeCount()
              << " probes; bound (median) " << options.maxLag.As(Time::US) << "\n";
    csvValues << "," << options.maxLag.GetNanoSeconds() << "," << p50.GetNanoSeconds() << ","
              << p99.GetNanoSeconds() << "," << probe.GetMaxLag().GetNanoSeconds() << ","
              << (kept ? 1 : 0);
    if (!kept)
    {
        std::cerr << "emulate: real time NOT kept (median lag " << p50.As(Time::US)
                  << " over the bound " << options.maxLag.As(Time::US)
                  << "): the result is refused\n";
    }
    else if (p99 > options.maxLag)
    {
        std::cerr << "emulate: warning: over 1% of the run lagged more than the bound (p99 "
                  << p99.As(Time::US) << "): the samples of those moments are outliers\n";
    }
    return kept;
}

/** The lag columns LagVerdict appends. */
const char* const LAG_COLUMNS = "lag_bound_ns,lag_p50_ns,lag_p99_ns,lag_max_ns,real_time_kept";

/**
 * \param options the run's options
 * \param header the CSV header (without the lag columns)
 * \param values the CSV row (with them)
 */
void
WriteCsv(const Options& options, const std::string& header, const std::ostringstream& values)
{
    if (!options.csv.empty())
    {
        std::ofstream(options.csv) << header << "," << LAG_COLUMNS << "\n" << values.str() << "\n";
    }
}

/**
 * Directions 1 and 3: parse the daemon's log and print what it measured (and the CSV row).
 * \param options the run's options
 * \param log the daemon's log
 * \param probe the lag probe
 * \return the process's exit code (0; 3 when real time was not kept; 1 without samples)
 */
int
Report(const Options& options, const std::string& log, const chronometry::RealtimeLagProbe& probe)
{
    std::ifstream in(log);
    bool chrony = options.mode == "chrony-client";
    std::vector<chronometry::DaemonSample> samples =
        chrony ? chronometry::ParseChronyMeasurements(in) : chronometry::ParsePtp4lOffsets(in);
    auto skip = static_cast<size_t>(options.skip);
    chronometry::OffsetSummary s =
        chronometry::Summarize(chronometry::Column(samples, false), skip);
    // A two-way exchange errs by at most half its round trip, whatever the asymmetry.
    Time delay = chronometry::Summarize(chronometry::Column(samples, true), skip).median;
    Time expected = chrony ? options.offset : Time(0) - options.offset;
    std::cout << "emulate " << options.mode
              << ": configured offset X = " << options.offset.As(Time::US)
              << ", the daemon should measure " << expected.As(Time::US) << " ("
              << (chrony ? "chrony: source minus local" : "ptp4l: slave minus master") << ")\n"
              << "  measured: median " << s.median.As(Time::US) << ", spread (1.4826 MAD) "
              << s.spread.As(Time::US) << ", range [" << s.min.As(Time::US) << ", "
              << s.max.As(Time::US) << "], " << s.count << " samples (" << options.skip
              << " start-up samples left out); one-way delay (half the round trip, the "
              << "two-way bound on the error) median " << delay.As(Time::US) << "\n";
    std::ostringstream row;
    row << options.mode << "," << options.offset.GetNanoSeconds() << ","
        << expected.GetNanoSeconds() << "," << options.duration.GetSeconds() << "," << options.skip
        << "," << options.utcOffset << "," << s.count << "," << s.median.GetNanoSeconds() << ","
        << s.spread.GetNanoSeconds() << "," << s.min.GetNanoSeconds() << ","
        << s.max.GetNanoSeconds() << "," << delay.GetNanoSeconds();
    bool kept = LagVerdict(options, probe, row);
    WriteCsv(options,
             "mode,offset_ns,expected_ns,duration_s,skip,utc_offset_s,samples,median_ns,spread_ns,"
             "min_ns,max_ns,delay_ns",
             row);
    if (s.count == 0)
    {
        std::cerr << "emulate: the daemon logged no measurement (" << samples.size()
                  << " lines, see " << log << " with --keep)\n";
        return 1;
    }
    return kept ? 0 : 3;
}

/**
 * Directions 2 and 4: the simulated client's estimate before it corrected its clock (PTP: its
 * first sample; NTP: the median of its samples before its first update), and after lock (PTP:
 * the run's second half; NTP: from 1 s after its first update) its estimates and its true error,
 * beside the baseline X (the error without synchronization).
 * \param options the run's options
 * \param record what the client estimated and its true errors
 * \param probe the lag probe
 * \return the process's exit code (0; 3 when real time was not kept; 1 without samples)
 */
int
ReportSlave(const Options& options,
            const SlaveRecord& record,
            const chronometry::RealtimeLagProbe& probe)
{
    bool ntp = options.mode == "ntp-client";
    bool updated = !record.firstUpdate.IsNegative();
    Time from = ntp && updated ? record.firstUpdate + Seconds(1) : options.duration / 2;
    std::vector<chronometry::DaemonSample> before;
    std::vector<chronometry::DaemonSample> locked;
    std::vector<Time> errors;
    for (const auto& [when, sample] : record.estimates)
    {
        if (when >= from)
        {
            locked.push_back(sample);
        }
        if ((ntp && (!updated || when < record.firstUpdate)) || (!ntp && before.empty()))
        {
            before.push_back(sample);
        }
    }
    for (const auto& [when, error] : record.errors)
    {
        if (when >= from)
        {
            errors.push_back(error);
        }
    }
    Time first = chronometry::Summarize(chronometry::Column(before, false), 0).median;
    chronometry::OffsetSummary est = chronometry::Summarize(chronometry::Column(locked, false), 0);
    Time delay = chronometry::Summarize(chronometry::Column(locked, true), 0).median;
    chronometry::OffsetSummary err = chronometry::Summarize(errors, 0);
    Time worst = std::max(Abs(err.min), Abs(err.max));
    std::cout << "emulate " << options.mode << ": a simulated "
              << (ntp ? "NtpClient of a real chronyd" : "PtpClock slave of a real ptp4l")
              << ", its clock " << options.offset.As(Time::US) << " off at the start\n"
              << "  estimate before it corrected its clock ("
              << (ntp ? "median of the samples before its first update, server minus client): "
                      : "its first sample, slave minus master): ")
              << first.As(Time::US) << " over " << before.size() << " (should be "
              << (ntp ? "-X" : "X") << ")\n"
              << "  locked (from " << from.As(Time::S) << ", " << est.count
              << " estimates): estimate median " << est.median.As(Time::US)
              << ", one-way delay (the two-way bound) " << delay.As(Time::US) << "\n"
              << "  true error (clock minus true time, " << err.count << " samples): median "
              << err.median.As(Time::US) << ", spread " << err.spread.As(Time::US)
              << ", largest |error| " << worst.As(Time::US)
              << "; without sync: " << options.offset.As(Time::US) << "\n";
    std::ostringstream row;
    row << options.mode << "," << options.offset.GetNanoSeconds() << ","
        << options.duration.GetSeconds() << "," << record.estimates.size() << "," << before.size()
        << "," << first.GetNanoSeconds() << "," << from.GetSeconds() << "," << est.count << ","
        << est.median.GetNanoSeconds() << "," << delay.GetNanoSeconds() << "," << err.count << ","
        << err.median.GetNanoSeconds() << "," << err.spread.GetNanoSeconds() << ","
        << worst.GetNanoSeconds();
    bool kept = LagVerdict(options, probe, row);
    WriteCsv(options,
             "mode,offset_ns,duration_s,estimates,estimates_before,estimate_before_ns,"
             "locked_from_s,locked_estimates,locked_estimate_median_ns,delay_ns,true_samples,"
             "true_error_median_ns,true_error_spread_ns,true_error_max_abs_ns",
             row);
    if (before.empty() || err.count == 0)
    {
        std::cerr << "emulate: the simulated client made no estimate, or none after lock\n";
        return 1;
    }
    return kept ? 0 : 3;
}

/**
 * Build, run and report one emulation.
 * \param options the run's options
 * \return the exit code
 */
int
Emulate(const Options& options)
{
    GlobalValue::Bind("SimulatorImplementationType", StringValue("ns3::RealtimeSimulatorImpl"));
    GlobalValue::Bind("ChecksumEnabled", BooleanValue(true)); // the kernel drops bad checksums
    EmulationSandbox sandbox;
    sandbox.Keep(options.keep);
    EmulationSandbox::CatchSignals();
    int tapFd = sandbox.OpenTap(std::string(HOST_ADDRESS) + "/24");
    Ptr<Node> node = MakeNode(tapFd, options);
    InstallSource(node, options);
    bool chrony = options.mode == "chrony-client";
    bool ntp = options.mode == "ntp-client";
    bool slave = options.mode == "ptp-slave" || ntp;
    std::string log = chrony  ? StartChronyd(sandbox)
                      : ntp   ? StartChronydServer(sandbox)
                      : slave ? StartPtp4lMaster(sandbox)
                              : StartPtp4l(sandbox);
    SlaveRecord record;
    record.clock = node->GetObject<LocalClock>();
    Ptr<Application> app = node->GetApplication(0);
    if (ntp)
    {
        app->TraceConnectWithoutContext("Sample", MakeBoundCallback(&NoteNtpSample, &record));
        app->TraceConnectWithoutContext("Update", MakeBoundCallback(&NoteNtpUpdate, &record));
    }
    else if (slave)
    {
        app->TraceConnectWithoutContext("Offset", MakeBoundCallback(&NoteEstimate, &record));
    }
    bool daemonDied = false;
    chronometry::RealtimeLagProbe probe(options.probe, [&sandbox, &daemonDied]() {
        daemonDied = !sandbox.DaemonsAlive();
        return daemonDied || EmulationSandbox::Interrupted();
    });
    probe.Start([node, &options, &record, slave, ntp](Time anchor) {
        AnchorClock(node, anchor, options);
        record.anchor = anchor;
        // NTP readings are the clock plus StartDate (the anchor); PTP's plus the timescale
        // offset, in UTC here (ptp4l's free-running time).
        record.wire = ntp ? Time(0) : PtpClock::GetTimescaleOffset() - anchor;
        if (slave)
        {
            record.next = Simulator::Schedule(START, &SampleTruth, &record);
        }
    });
    Simulator::Stop(options.duration);
    Simulator::Run();
    sandbox.StopDaemons();
    Simulator::Destroy();
    if (options.keep)
    {
        std::cout << "emulate: the daemon's folder is " << sandbox.GetDirectory() << "\n";
    }
    if (daemonDied || EmulationSandbox::Interrupted())
    {
        std::cerr << "emulate: " << (daemonDied ? "the daemon exited early" : "interrupted")
                  << "; its log:\n"
                  << std::ifstream(chrony || ntp ? PathIn(sandbox, "chronyd.out") : log).rdbuf();
        return 2;
    }
    return slave ? ReportSlave(options, record, probe) : Report(options, log, probe);
}

} // namespace

int
main(int argc, char* argv[])
{
    Options options;
    CommandLine cmd(__FILE__);
    cmd.Usage("A real chronyd or ptp4l exchanging packets with a simulated node through a tap "
              "device in a network namespace (root). Exit 77: cannot run here; 3: real time "
              "not kept.");
    cmd.AddValue("mode",
                 "chrony-client (chronyd -x polls a simulated NtpServer), ptp4l-slave "
                 "(ptp4l, free_running, slave of a simulated PtpClock grandmaster) ptp-slave "
                 "(a simulated PtpClock slave of a real ptp4l grandmaster, free_running) or "
                 "ntp-client (a simulated NtpClient of a real chronyd -x server)",
                 options.mode);
    cmd.AddValue("offset",
                 "X: the simulated clock's error (reading minus true time)",
                 options.offset);
    cmd.AddValue("duration", "length of the run (real time)", options.duration);
    cmd.AddValue("maxLag",
                 "largest median real-time lag accepted (larger: the result is refused; a p99 over "
                 "it warns)",
                 options.maxLag);
    cmd.AddValue("skip",
                 "daemon samples left out at its start (-1: 8 of chrony's at 16 per second, 2 "
                 "of ptp4l's at 1 per second)",
                 options.skip);
    cmd.AddValue("csv", "write the result row (every parameter) to this file", options.csv);
    cmd.AddValue("pcap", "pcap prefix of the simulated node's tap-side device", options.pcap);
    cmd.AddValue("keep", "keep the daemon's configuration and logs", options.keep);
    cmd.Parse(argc, argv);
    if (options.skip < 0)
    {
        options.skip = options.mode == "chrony-client" ? 8 : 2;
    }
    if (options.mode != "chrony-client" && options.mode != "ptp4l-slave" &&
        options.mode != "ptp-slave" && options.mode != "ntp-client")
    {
        std::cerr << "emulate: --mode=" << options.mode
                  << " is invalid; valid: chrony-client, ptp4l-slave, ptp-slave, ntp-client\n";
        return 1;
    }
    if (options.duration <= Time(0) || options.duration > Seconds(600) ||
        Abs(options.offset) > Seconds(1000) || options.probe <= Time(0))
    {
        std::cerr << "emulate: --duration must be in (0, 600] s and |--offset| at most 1000 s\n";
        return 1;
    }
    std::string why = EmulationSandbox::Unavailable(
        options.mode == "chrony-client" || options.mode == "ntp-client" ? "chronyd" : "ptp4l");
    if (!why.empty())
    {
        std::cout << "emulate: SKIP: " << why << "\n";
        return 77;
    }
    try
    {
        return Emulate(options);
    }
    catch (const std::exception& e)
    {
        std::cerr << "emulate: " << e.what() << "\n";
        return 1;
    }
}
