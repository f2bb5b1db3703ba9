/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef STUDY_COMMAND_LINE_H
#define STUDY_COMMAND_LINE_H

#include "study-description.h"
#include "study-runner.h"

#include "ns3/command-line.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * A study's command line, generated from its declaration: one option per parameter, named
 * after its Attribute (--Skew=1ms), whose --help line shows the parameter's help, its range
 * and unit (from the checker) and its default.  Every option takes a comma-separated list;
 * the points are the Cartesian product of the lists, the parameter declared first varying
 * slowest.  Seed and Run default to ns-3's --RngSeed and --RngRun.
 *
 * \code
 *   chronometry-study --study=replay --Skew=1ms,2ms --Rate=20,160 --csv=replay.csv
 * \endcode
 *
 * The per-technique sweep examples keep their historical options as aliases (AddAlias), each
 * with a conversion of its text (a number of microseconds becomes a Time, a count of runs
 * the list 1..N).
 */
class StudyCommandLine
{
  public:
    /** Converts an alias's text into the parameter's text. */
    using Conversion = std::function<std::string(const std::string&)>;

    /**
     * \param file the program's source file (__FILE__), for the usage line
     * \param study the study's name; "" to take it from --study=
     */
    StudyCommandLine(const std::string& file, const std::string& study = "");

    /**
     * Another option name for a parameter, with the program's own default.
     * \param option the option ("skew")
     * \param attribute the parameter's Attribute ("Skew")
     * \param defaultText the option's default, applied unless the option is given; "" for
     *        the parameter's own default
     * \param convert conversion of the option's text (none: the text as it is)
     * \param help the option's help; "" for the parameter's
     */
    void AddAlias(const std::string& option,
                  const std::string& attribute,
                  const std::string& defaultText = "",
                  Conversion convert = nullptr,
                  const std::string& help = "");

    /**
     * An option of the program itself (output paths, ...).
     * \param name the option
     * \param help its help
     * \param value where the parsed value goes (its value is the default)
     */
    template <typename T>
    void AddValue(const std::string& name, const std::string& help, T& value)
    {
        m_cmd.AddValue(name, help, value);
        m_programOptions.push_back(name);
    }

    /**
     * Parse the command line: --help lists the parameters with their ranges, units and
     * defaults; a value that is not valid stops the program with a message naming the option
     * and the parameter's range.
     * \param argc argument count
     * \param argv arguments
     */
    void Parse(int argc, char* argv[]);

    /**
     * Replications as an axis: every point runs \p runs times, its Run the first value given
     * (or ns-3's --RngRun) and the next runs - 1 (call after Parse).  A list of several Runs
     * together with runs > 1 is a configuration error (say one or the other).
     * \param runs replications per point (1: as given)
     * \param option the option that gave it ("--Runs"), for messages
     */
    void Replicate(uint32_t runs, const std::string& option = "--Runs");

    /**
     * \return every option this command line takes (the study's parameters, aliases, the
     *         program's own options, ns-3's built-in ones and global values), without "--"
     */
    std::vector<std::string> GetOptionNames() const;

    /** \return the study's description (after Parse) */
    const StudyDescription& GetDescription() const;

    /** \return the points: one StudySettings per combination of the lists */
    std::vector<StudySettings> GetPoints() const;

    /**
     * \param settings a point
     * \return its values of the parameters given as lists of more than one value
     *         ("Skew=1ms Rate=20"), for progress lines
     */
    std::string DescribeVarying(const StudySettings& settings) const;

    /**
     * \return the parameters given as lists of more than one value (after Parse and
     *         Replicate), in declaration order
     */
    std::vector<std::string> GetVaryingAttributes() const;

    /**
     * \param list comma-separated numbers ("0,100")
     * \param unit a time unit ("us")
     * \return the list with the unit after each item ("0us,100us")
     */
    static std::string WithUnit(const std::string& list, const std::string& unit);

    /**
     * \param count a whole number N
     * \return "1,2,...,N"
     */
    static std::string OneTo(const std::string& count);

    /**
     * \param list comma-separated items
     * \return the non-empty items
     */
    static std::vector<std::string> Split(const std::string& list);

  private:
    /** An alias. */
    struct Alias
    {
        std::string attribute; //!< the parameter
        Conversion convert;    //!< conversion
        std::string text;      //!< the default, or what was given
        std::string initial;   //!< the default
    };

    /** Add one option per parameter of the study. */
    void AddParameterOptions();

    /**
     * Refuse an option nobody takes, in one line with the closest valid names, before
     * ns-3's parser would print its whole help after the error.
     * \param argc argument count
     * \param argv arguments
     */
    void RefuseUnknownOptions(int argc, char* argv[]) const;

    /**
     * \param p a parameter
     * \param text the text given ("" for a bare switch option: true)
     * \param origin the option, for messages
     * \return the values of the comma-separated list, each checked
     */
    std::vector<std::string> ParseList(const StudyParameter& p,
                                       const std::string& text,
                                       const std::string& origin) const;

    std::string m_file;                           //!< program source
    std::string m_study;                          //!< study name ("" until known)
    CommandLine m_cmd;                            //!< ns-3's parser
    std::map<std::string, Alias> m_aliases;       //!< option -> alias
    std::map<std::string, std::string> m_options; //!< Attribute -> text given ("" if none)
    std::map<std::string, std::vector<std::string>> m_lists; //!< Attribute -> values
    const StudyDescription* m_description{nullptr};          //!< after Parse
    std::vector<std::string> m_programOptions;               //!< the program's own options
};

} // namespace ns3

#endif /* STUDY_COMMAND_LINE_H */
