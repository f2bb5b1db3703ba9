/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EMULATION_SANDBOX_H
#define EMULATION_SANDBOX_H

#include <string>
#include <sys/types.h>
#include <vector>

namespace ns3
{
namespace chronometry
{

/**
 * \ingroup chronometry
 * \brief The host-side resources of one emulation run, owned and removed together: a network
 * namespace, one tap device inside it (whose file descriptor an ns-3 FdNetDevice reads and
 * writes), the real daemons started inside it and a temporary folder for their configuration,
 * pidfiles, sockets and logs.
 *
 * Every packet a daemon sends stays in the namespace (its only interfaces are lo and the tap),
 * and the tap's other end is the simulation. The destructor, std::terminate (an NS_FATAL_ERROR)
 * and SIGINT/SIGTERM (through Interrupted(), which the run polls) all end the daemons (SIGTERM,
 * then SIGKILL after 2 s, by their process group), close the tap (a non-persistent tap vanishes
 * with its last descriptor) and delete the namespace. Needs root, /dev/net/tun and iproute2's
 * `ip`; Unavailable() says which is missing.
 */
class EmulationSandbox
{
  public:
    /**
     * \param daemon the daemon's program name ("chronyd", "ptp4l"), looked up in PATH and in
     *        /usr/sbin, /sbin
     * \return why an emulation with it cannot run here ("not root", "no /dev/net/tun", "no
     *         chronyd"), or "" when it can
     */
    static std::string Unavailable(const std::string& daemon);

    /** Creates the temporary folder and the namespace (throws std::runtime_error on failure). */
    EmulationSandbox();
    ~EmulationSandbox();
    EmulationSandbox(const EmulationSandbox&) = delete;
    EmulationSandbox& operator=(const EmulationSandbox&) = delete;

    /**
     * Create the tap device, move it into the namespace and give it an address there.
     * \param cidr the host (daemon) side's address, e.g. "10.45.0.1/24"
     * \return the tap's file descriptor (owned by the sandbox: hand ns-3 a dup of it)
     */
    int OpenTap(const std::string& cidr);

    /**
     * Start a daemon inside the namespace, in its own process group, its standard output and
     * error to a file.
     * \param argv the program and its arguments
     * \param logFile where its output goes
     * \return its process id
     */
    pid_t StartDaemon(const std::vector<std::string>& argv, const std::string& logFile);

    /** \return whether every daemon started is still running */
    bool DaemonsAlive();

    /** End the daemons (SIGTERM, SIGKILL after 2 s) and wait for them; idempotent. */
    void StopDaemons();

    /** Remove everything (daemons, tap, namespace, the folder unless Keep); idempotent. */
    void Cleanup();

    /** \param keep keep the temporary folder (logs, configuration) after Cleanup */
    void Keep(bool keep);

    /** \return the temporary folder (mode 0755 so that a daemon may write there) */
    const std::string& GetDirectory() const;
    /** \return the namespace's name */
    const std::string& GetNamespace() const;
    /** \return the tap device's name */
    const std::string& GetTapName() const;

    /** Install SIGINT/SIGTERM handlers that set the flag Interrupted() reads. */
    static void CatchSignals();
    /** \return whether SIGINT or SIGTERM arrived since CatchSignals */
    static bool Interrupted();

    /**
     * Run a command to completion (no shell).
     * \param argv the program and its arguments
     * \return its exit status (-1 when it could not run or was killed)
     */
    static int Run(const std::vector<std::string>& argv);

  private:
    /** Run, throwing std::runtime_error (naming the command) when it fails. */
    static void MustRun(const std::vector<std::string>& argv);

    std::string m_dir;            //!< the temporary folder
    std::string m_namespace;      //!< the namespace's name
    std::string m_tap;            //!< the tap device's name
    int m_tapFd{-1};              //!< the tap's descriptor
    bool m_namespaceMade{false};  //!< the namespace exists
    bool m_keep{false};           //!< keep the folder
    std::vector<pid_t> m_daemons; //!< process (group) ids of the daemons
    std::vector<pid_t> m_exited;  //!< daemons already reaped
};

} // namespace chronometry
} // namespace ns3

#endif /* EMULATION_SANDBOX_H */
